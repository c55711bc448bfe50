import { Link } from 'react-router-dom';

export function Footer() {
  return (
    <footer className="shell-footer">
      <div>
        <p className="shell-footer__brand">Marquee</p>
        <p>Movie tickets without the queue: pick a show, choose your seats, pay securely.</p>
      </div>
      <nav aria-label="Footer">
        <ul>
          <li><Link to="/movies">Movies</Link></li>
          <li><Link to="/theaters">Theaters</Link></li>
          <li><Link to="/my-bookings">My Bookings</Link></li>
          <li><Link to="/payment-help">Payment help</Link></li>
        </ul>
      </nav>
      <p className="shell-footer__legal">© {new Date().getFullYear()} Marquee. Test mode: no real charges.</p>
    </footer>
  );
}
