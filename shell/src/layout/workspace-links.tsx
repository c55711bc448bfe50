import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useCurrentUser, type NavItem, type RemoteNavigationModule } from 'shared-ui';
import { PREFIXED_SPACES } from '../federation/path-spaces';
import { loadRemoteNavigation, type RemoteName } from '../federation/remote-registry';

/** The signed-in account's workspace links, from every staff remote that gives some, in the path spaces' order. */
const WorkspaceContext = createContext<readonly NavItem[]>([]);

/** Once a tab: a sign-in lands on the workspace's landing page, later visits of the home page stay there. */
const LANDED_KEY = 'marquee:landed-on-workspace';

/** Calls one remote's navigation hook (its own component, so the hooks it calls never change) and reports its links. */
function RemoteWorkspace({ name, module, report }: { name: RemoteName; module: RemoteNavigationModule; report: (name: RemoteName, links: readonly NavItem[]) => void }) {
  const links = module.useNavigation().workspace ?? [];
  const key = JSON.stringify(links);
  useEffect(() => report(name, JSON.parse(key) as NavItem[]), [name, key, report]);
  return null;
}

/**
 * Loads the staff remotes' `./navigation` modules once someone is signed in (an anonymous visit loads nothing) and
 * gives their workspace links to the account menu and the home page (issue 52: staff find their tools). The shell
 * knows which remotes serve a path space, not what they link to or for whom.
 */
export function WorkspaceProvider({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useCurrentUser();
  const [modules, setModules] = useState<readonly { name: RemoteName; module: RemoteNavigationModule }[]>([]);
  const [byRemote, setByRemote] = useState<ReadonlyMap<RemoteName, readonly NavItem[]>>(new Map());
  useEffect(() => {
    if (!isAuthenticated) return;
    let current = true;
    const load = async (name: RemoteName) => {
      const module = await loadRemoteNavigation(name);
      return module ? [{ name, module }] : [];
    };
    void Promise.all(PREFIXED_SPACES.map(({ remote }) => load(remote))).then((loaded) => {
      if (current) setModules(loaded.flat());
    });
    return () => {
      current = false;
    };
  }, [isAuthenticated]);
  const report = useCallback((name: RemoteName, links: readonly NavItem[]) => setByRemote((previous) => new Map(previous).set(name, links)), []);
  const links = isAuthenticated ? PREFIXED_SPACES.flatMap(({ remote }) => byRemote.get(remote) ?? []) : [];
  return (
    <WorkspaceContext value={links}>
      {isAuthenticated && modules.map(({ name, module }) => <RemoteWorkspace key={name} name={name} module={module} report={report} />)}
      {children}
    </WorkspaceContext>
  );
}

export const useWorkspaceLinks = () => useContext(WorkspaceContext);

/** On the home page: the signed-in staff member's tools, one tap away (nothing for a moviegoer). */
export function WorkspaceBar() {
  const links = useWorkspaceLinks();
  const { pathname } = useLocation();
  if (pathname !== '/' || links.length === 0) return null;
  return (
    <nav className="shell-workspace" aria-label="Your workspace">
      <span className="shell-workspace__label">Staff</span>
      {links.map((link) => (
        <Link key={link.to} to={link.to} className="shell-workspace__link">
          {link.label} →
        </Link>
      ))}
    </nav>
  );
}

/** A door attendant signing in on the home page lands on the check-in screen (the workspace link marked `landing`), once a tab. */
export function WorkspaceLanding() {
  const landing = useWorkspaceLinks().find((link) => link.landing);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!landing || pathname !== '/' || sessionStorage.getItem(LANDED_KEY)) return;
    sessionStorage.setItem(LANDED_KEY, landing.to);
    navigate(landing.to, { replace: true });
  }, [landing, pathname, navigate]);
  return null;
}
