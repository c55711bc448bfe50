import type { ComponentType } from 'react';
import type { NavItem } from './components/nav-link-list';

/**
 * Where the shell places a remote's links: its navbar, its footer, the signed-in user's menu, and `workspace`: a staff
 * member's way to their tools (at the top of the account menu and on the home page), from the remote that owns them.
 */
export type NavPlace = 'navbar' | 'footer' | 'account' | 'workspace';

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

/**
 * What a staff remote's exposed `./navigation` module gives the shell: the workspace links of the signed-in account
 * (e.g. theatre staff's admin, a door attendant's check-in screen), decided by the remote from the account's roles.
 * The shell loads it from every remote but the moviegoers' once someone is signed in; a remote without it (an older
 * release) contributes no links.
 */
export interface RemoteNavigationModule {
  useNavigation: () => RemoteNavigation;
}
