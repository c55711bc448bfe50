import { createContext, useContext, type ReactNode } from 'react';
import type { NavItem, NavPlace, RemoteNavigation } from 'shared-ui';

/** The navigation hook of the remote serving the moviegoers' space, once its module has loaded; `id` changes with each load. */
export type LoadedNavigation = { useNavigation: () => RemoteNavigation; id: number };

export const NavigationContext = createContext<LoadedNavigation | undefined>(undefined);

/** Calls the remote's hook: a component of its own, keyed by the load, so the hooks it calls never change between renders. */
function RemoteLinks({ useNavigation, place, render }: { useNavigation: () => RemoteNavigation; place: NavPlace; render: (links: readonly NavItem[]) => ReactNode }) {
  return render(useNavigation()[place] ?? []);
}

/** The links the remote gives `place`, rendered by the shell's `render`; none until the remote has loaded. */
export function ContributedLinks({ place, render }: { place: NavPlace; render: (links: readonly NavItem[]) => ReactNode }) {
  const loaded = useContext(NavigationContext);
  return loaded ? <RemoteLinks key={loaded.id} useNavigation={loaded.useNavigation} place={place} render={render} /> : render([]);
}
