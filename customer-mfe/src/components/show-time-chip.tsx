import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatTime } from 'shared-ui';
import { chipPrice, type ShowTime } from '../lib/places';

/**
 * A show time as a chip that leads to its seat page: the time on its cinema's clock, what follows it (a screen or
 * format), and what a seat costs ("from $14.50" when the seats most moviegoers choose differ in price).
 * No price when the answer has none (an older service).
 */
export function ShowTimeChip({
  to,
  startsAt,
  timeZone,
  note,
  price,
  currency,
  onClick,
}: {
  to: string;
  startsAt: string;
  timeZone: string | undefined;
  note?: ReactNode;
  price: Pick<ShowTime, 'price' | 'fromPrice' | 'priceVaries'> | null;
  currency: string;
  onClick?: () => void;
}) {
  return (
    <Link className="c-chip c-chip--link" to={to} onClick={onClick}>
      {/* One flex item: the spaces around the dot stay. */}
      <span>
        <time dateTime={startsAt}>{formatTime(startsAt, timeZone)}</time>
        {note}
      </span>
      {price && (
        <>
          {' '}
          <span className="c-chip__price">{chipPrice(price, currency)}</span>
        </>
      )}
    </Link>
  );
}
