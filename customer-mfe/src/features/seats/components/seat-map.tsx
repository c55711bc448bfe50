import { useRef, useState, type KeyboardEvent } from 'react';
import { SEAT_TYPE_LABELS, type LayoutSeat, type SeatType } from 'booking-service/layout';
import { nextSeat, type SeatGrid } from '../lib/seat-layout';
import { WheelchairIcon } from './wheelchair-icon';

/**
 * The seat grid of the show's screen (its layout: seat-layout.ts): the screen at the top, the rows in blocks
 * with the walkways between (the spec hall: rows A and B, then the pairs C/D, E/F, G/H and I/J), gaps in a row
 * where the layout has aisles. Every seat is a toggle button named by its id ("A1"); a wheelchair space carries
 * the access symbol and says so in its name ("A1, wheelchair space"); other seat types (premium, companion seat)
 * are its description. The visitor's own seats (`mine`: held on a checkout; `bought`: paid for this show) are
 * "Yours" in their name and style, never Taken. Taken and own seats stay focusable and clickable (aria-disabled)
 * so a click can say why they cannot be chosen. One seat is in the tab order; the arrow keys, Home and End move
 * between seats, over the gaps (roving tabindex).
 */
const NONE: ReadonlySet<string> = new Set();
const MINE_NOTE_ID = 'seat-held-by-you-note';
const BOUGHT_NOTE_ID = 'seat-booked-by-you-note';
const COOLING_NOTE_ID = 'seat-cooling-note';
const typeNoteId = (type: SeatType) => `seat-type-${type}-note`;

export function SeatMap({
  grid,
  occupied,
  mine = NONE,
  bought = NONE,
  cooling = NONE,
  selected,
  onSeat,
  busy,
}: {
  grid: SeatGrid;
  occupied: ReadonlySet<string>;
  mine?: ReadonlySet<string>;
  /** Seats of this show the visitor has paid for. */
  bought?: ReadonlySet<string>;
  /** Seats this visitor let go unpaid a moment ago: open to others, not to them until the cooldown ends. */
  cooling?: ReadonlySet<string>;
  selected: readonly string[];
  onSeat: (seat: string) => void;
  busy?: boolean;
}) {
  const [chosenActive, setActive] = useState(grid.first);
  const active = grid.seats.has(chosenActive) ? chosenActive : grid.first;
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  // Types said as a description; a wheelchair space says it in its name.
  const types = new Set([...grid.seats.values()].map((seat) => seat.type).filter((type) => type !== 'standard' && type !== 'wheelchair'));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = (event.target as HTMLElement).dataset.seat;
    if (!target) return;
    const next = nextSeat(grid, target, event.key);
    if (!next && ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(event.key)) {
      event.preventDefault();
      return;
    }
    if (!next) return;
    event.preventDefault();
    setActive(next);
    buttons.current.get(next)?.focus();
  };

  const seatButton = (seat: LayoutSeat) => {
    const id = seat.id;
    const held = mine.has(id);
    const paid = !held && bought.has(id);
    const yours = held || paid;
    const taken = !yours && occupied.has(id);
    const resting = !yours && !taken && cooling.has(id);
    const isSelected = selected.includes(id);
    const wheelchair = seat.type === 'wheelchair';
    const typeNote = seat.type === 'standard' || wheelchair ? null : typeNoteId(seat.type);
    const described = [typeNote, held ? MINE_NOTE_ID : paid ? BOUGHT_NOTE_ID : resting ? COOLING_NOTE_ID : null].filter(Boolean);
    const name = [id, wheelchair ? 'wheelchair space' : null, yours ? 'yours' : null].filter(Boolean).join(', ');
    return (
      <button
        key={id}
        ref={(el) => {
          if (el) buttons.current.set(id, el);
          else buttons.current.delete(id);
        }}
        type="button"
        className="c-seat"
        data-seat={id}
        data-type={seat.type === 'standard' ? undefined : seat.type}
        data-state={yours ? 'mine' : taken ? 'taken' : resting ? 'cooling' : isSelected ? 'selected' : 'available'}
        aria-label={name === id ? undefined : name}
        aria-pressed={isSelected}
        aria-disabled={taken || yours || resting || undefined}
        aria-describedby={described.length ? described.join(' ') : undefined}
        title={seatTitle(seat, { held, paid, resting })}
        tabIndex={id === active ? 0 : -1}
        onFocus={() => setActive(id)}
        onClick={() => onSeat(id)}
      >
        {wheelchair ? <WheelchairIcon /> : id}
      </button>
    );
  };

  return (
    <div className="c-seatmap">
      <div className="c-seatmap__screen" aria-hidden="true">
        <span>Screen this way</span>
      </div>
      <div className="c-seatmap__grid" role="group" aria-label="Seats" aria-busy={busy || undefined} onKeyDown={onKeyDown}>
        {grid.blocks.map((rows) => (
          <div key={rows[0]!.label} className="c-seatmap__block">
            {rows.map((row) => (
              <div key={row.label} className="c-seatmap__row">
                <span className="c-seatmap__label" aria-hidden="true">
                  {row.label}
                </span>
                {row.cells.map((seat, i) => (seat ? seatButton(seat) : <span key={`gap-${i}`} className="c-seatmap__gap" aria-hidden="true" />))}
                <span className="c-seatmap__label" aria-hidden="true">
                  {row.label}
                </span>
              </div>
            ))}
          </div>
        ))}
      </div>
      <span id={MINE_NOTE_ID} hidden>
        held by you
      </span>
      <span id={BOUGHT_NOTE_ID} hidden>
        booked by you
      </span>
      <span id={COOLING_NOTE_ID} hidden>
        recently released by you
      </span>
      {[...types].map((type) => (
        <span key={type} id={typeNoteId(type)} hidden>
          {SEAT_TYPE_LABELS[type].toLowerCase()}
        </span>
      ))}
    </div>
  );
}

/** A seat's tooltip: its id, its type when not standard, and why it is not free when it is the visitor's own. */
function seatTitle(seat: LayoutSeat, { held, paid, resting }: { held: boolean; paid: boolean; resting: boolean }): string | undefined {
  const state = held ? 'Yours: held by you' : paid ? 'Yours: booked by you' : resting ? 'Recently released by you' : null;
  const type = seat.type === 'standard' ? null : SEAT_TYPE_LABELS[seat.type];
  if (!state && !type) return undefined;
  return [seat.id, type, state].filter(Boolean).join(' · ');
}

/** What the colours and the symbol mean. */
export function SeatLegend({
  showMine = false,
  showWheelchair = false,
  coolingUntil = null,
}: {
  showMine?: boolean;
  showWheelchair?: boolean;
  coolingUntil?: string | null;
}) {
  return (
    <ul className="c-legend" aria-label="Seat legend">
      <li>
        <span className="c-seat c-legend__swatch" data-state="available" aria-hidden="true" /> Available
      </li>
      <li>
        <span className="c-seat c-legend__swatch" data-state="selected" aria-hidden="true" /> Selected
      </li>
      {showMine && (
        <li>
          <span className="c-seat c-legend__swatch" data-state="mine" aria-hidden="true" /> Yours
        </li>
      )}
      <li>
        <span className="c-seat c-legend__swatch" data-state="taken" aria-hidden="true" /> Taken
      </li>
      {showWheelchair && (
        <li>
          <span className="c-seat c-legend__swatch" data-state="available" data-type="wheelchair" aria-hidden="true">
            <WheelchairIcon />
          </span>{' '}
          Wheelchair space
        </li>
      )}
      {coolingUntil && (
        <li>
          <span className="c-seat c-legend__swatch" data-state="cooling" aria-hidden="true" /> Released by you: yours to pick again at {coolingUntil}
        </li>
      )}
    </ul>
  );
}
