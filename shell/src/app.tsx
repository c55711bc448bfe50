import { useCallback, useState } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { RemoteNavigation } from 'shared-ui';
import { DEFAULT_SPACE_REMOTE, PREFIXED_SPACES, showsShellChrome } from './federation/path-spaces';
import { RemoteSlot } from './federation/remote-slot';
import { NavigationContext, type LoadedNavigation } from './layout/contributed-links';
import { Footer } from './layout/footer';
import { Navbar } from './layout/navbar';
import { Workspace } from './layout/workspace';

/**
 * The links of the moviegoers' space come from its remote's module, once loaded; for release 0's, which has
 * none, the shell's copy of them, loaded only then.
 */
function useLoadedNavigation() {
  const [navigation, setNavigation] = useState<LoadedNavigation>();
  const onNavigation = useCallback((useNavigation: (() => RemoteNavigation) | undefined) => {
    const place = (hook: () => RemoteNavigation) => setNavigation((previous) => ({ useNavigation: hook, id: (previous?.id ?? 0) + 1 }));
    if (useNavigation) place(useNavigation);
    else void import('./layout/release-0-navigation').then(({ useRelease0Navigation }) => place(useRelease0Navigation));
  }, []);
  return { navigation, onNavigation };
}

export function App() {
  const { pathname } = useLocation();
  const chrome = showsShellChrome(pathname);
  const { navigation, onNavigation } = useLoadedNavigation();
  return (
    <NavigationContext value={navigation}>
      <Workspace>
        {(workspaceBar) => (
          <>
            <a className="skip-link" href="#main">
              Skip to content
            </a>
            {chrome && <Navbar />}
            <main id="main" tabIndex={-1}>
              {workspaceBar}
              {/* Each remote routes within its path space (see path-spaces.ts); the shell lists none of their pages. */}
              <Routes>
                {PREFIXED_SPACES.map(({ remote, prefix }) => (
                  <Route key={remote} path={`${prefix}/*`} element={<RemoteSlot name={remote} />} />
                ))}
                <Route path="*" element={<RemoteSlot name={DEFAULT_SPACE_REMOTE} onNavigation={onNavigation} />} />
              </Routes>
            </main>
            {chrome && <Footer />}
          </>
        )}
      </Workspace>
    </NavigationContext>
  );
}
