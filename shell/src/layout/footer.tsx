import { NavLinkList } from 'shared-ui';
import { ContributedLinks } from './contributed-links';

export function Footer() {
  return (
    <footer className="shell-footer">
      <div>
        <p className="shell-footer__brand">Marquee</p>
        <p>Movie tickets without the queue: pick a show, choose your seats, pay securely.</p>
      </div>
      <nav aria-label="Footer">
        <ContributedLinks place="footer" render={(links) => <NavLinkList links={links} />} />
      </nav>
      <p className="shell-footer__legal">© {new Date().getFullYear()} Marquee. Test mode: no real charges.</p>
    </footer>
  );
}
