import type { ComponentType } from 'react';
import type { NavItem } from './components/nav-link-list';

/** Where the shell places a remote's links: its navbar, its footer, and the signed-in user's menu. */
export type NavPlace = 'navbar' | 'footer' | 'account';

/** The links a remote contributes to each place, already filtered by the remote (e.g. Favorites only when there are some). */
export type RemoteNavigation = Partial<Record<NavPlace, readonly NavItem[]>>;

/**
 * What a remote's exposed `./routes` module gives the shell (its type across the boundary: the shell's type
 * check reads this, never a remote's sources): its route table as the default export and, for the remote of
 * the moviegoers' space, `useNavigation`, a hook the shell calls in its navbar and footer. A remote that has
 * none (release 0's) contributes no links.
 */
export interface RemoteRoutesModule {
  default: ComponentType;
  useNavigation?: () => RemoteNavigation;
}
