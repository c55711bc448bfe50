import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useCurrentUser, type NavItem } from 'shared-ui';
import { WorkspaceContext } from './workspace-context';

// Signed-in only, as the user menu: the loader, the bar and the landing stay out of an anonymous first visit's files.
const links = () => import('./workspace-links');
const WorkspaceLoader = lazy(() => links().then((m) => ({ default: m.WorkspaceLoader })));
const WorkspaceBar = lazy(() => links().then((m) => ({ default: m.WorkspaceBar })));

/**
 * A staff member's workspace links for the account menu (WorkspaceContext), the home page's bar and a door
 * attendant's landing; `children` is given the bar to place (the top of <main>), or nothing.
 */
export function Workspace({ children }: { children: (bar: ReactNode) => ReactNode }) {
  const { isAuthenticated } = useCurrentUser();
  const [loaded, setLoaded] = useState<readonly NavItem[]>([]);
  const shown = isAuthenticated ? loaded : [];
  return (
    <WorkspaceContext value={shown}>
      {isAuthenticated && (
        <Suspense fallback={null}>
          <WorkspaceLoader onLinks={setLoaded} />
        </Suspense>
      )}
      {children(
        shown.length > 0 && (
          <Suspense fallback={null}>
            <WorkspaceBar links={shown} />
          </Suspense>
        ),
      )}
    </WorkspaceContext>
  );
}
