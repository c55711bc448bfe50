import type { Cinema } from 'booking-service/contract';

/** A cinema's phone as a link a phone can dial (the digits and +, whatever the spacing). */
export function CinemaPhone({ phone }: { phone: string }) {
  return <a href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{phone}</a>;
}

/** A cinema's facilities as chips (the /theaters card and the cinema's page). */
export function FacilityChips({ facilities }: { facilities: Cinema['facilities'] }) {
  return (
    <ul className="c-chips" aria-label="Facilities">
      {facilities.map((f) => (
        <li key={f} className="c-chip">
          {f}
        </li>
      ))}
    </ul>
  );
}
