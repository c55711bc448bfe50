import { Link } from 'react-router-dom';
import { buttonClass } from 'shared-ui';

/** A movie showing here goes straight to Buy Tickets (its show times), any other to the theatre listing. */
export function TicketsLink({ movieId, showingHere }: { movieId: string; showingHere: boolean }) {
  return showingHere ? (
    <Link className={buttonClass()} to={`/movies/${movieId}`}>
      Buy Tickets
    </Link>
  ) : (
    <Link className={buttonClass()} to="/theaters">
      Find Theaters
    </Link>
  );
}
