import { Link } from 'react-router-dom';
import { buttonClass } from 'shared-ui';

/** In place of the seat map, for a show sold through a waiting room to a moviegoer not admitted (or no longer). */
export function WaitingRoomNotice({ done, to }: { done: boolean; to: string }) {
  return (
    <aside className="c-help" aria-labelledby="on-sale-title">
      <h3 id="on-sale-title" className="c-help__title">
        {done ? 'Your shopping time is over' : 'This show is sold through a waiting room'}
      </h3>
      <p>
        Seats for this show go to moviegoers in their order in the waiting room. To book, join the line there; when it is your turn you
        come back here with a few minutes to choose your seats and pay.
      </p>
      <Link className={buttonClass('primary')} to={to}>
        Go to the waiting room
      </Link>
    </aside>
  );
}
