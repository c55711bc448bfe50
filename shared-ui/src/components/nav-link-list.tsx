import { NavLink } from 'react-router-dom';

export interface NavItem {
  to: string;
  label: string;
  /** Active only on this exact path, not on the paths below it. */
  end?: boolean;
  /**
   * A workspace link only: where this account lands after signing in on the home page (a door attendant's check-in
   * screen: the one thing they come for).
   */
  landing?: boolean;
}

/** A navigation menu's links: NavLink marks the current page's with aria-current and the active class. */
export function NavLinkList({ links, className }: { links: readonly NavItem[]; className?: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.end}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
