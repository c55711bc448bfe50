import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { NavItem, RemoteNavigationModule } from 'shared-ui';
import { PREFIXED_SPACES } from '../federation/path-spaces';
import { loadRemoteNavigation, type RemoteName } from '../federation/remote-registry';

/** Once a tab: a sign-in lands on the workspace's landing page, later visits of the home page stay there. */
const LANDED_KEY = 'marquee:landed-on-workspace';

type Loaded = { name: RemoteName; module: RemoteNavigationModule };

/** Calls one remote's navigation hook (its own component, so the hooks it calls never change) and reports its links. */
function RemoteWorkspace({ name, module, report }: Loaded & { report: (name: RemoteName, links: readonly NavItem[]) => void }) {
  const links = module.useNavigation().workspace ?? [];
  const key = JSON.stringify(links);
  useEffect(() => report(name, JSON.parse(key) as NavItem[]), [name, key, report]);
  return null;
}

/**
 * Loads the staff remotes' `./navigation` modules (rendered only once someone is signed in: an anonymous visit
 * loads neither this chunk nor them) and hands their workspace links, in the path spaces' order, to `onLinks`
 * (so staff find their tools). The shell knows which remotes serve a path space, not what they link to.
 */
export function WorkspaceLoader({ onLinks }: { onLinks: (links: readonly NavItem[]) => void }) {
  const [modules, setModules] = useState<readonly Loaded[]>([]);
  const [byRemote, setByRemote] = useState<ReadonlyMap<RemoteName, readonly NavItem[]>>(new Map());
  useEffect(() => {
    let current = true;
    const load = async (name: RemoteName): Promise<Loaded[]> => {
      const module = await loadRemoteNavigation(name);
      return module ? [{ name, module }] : [];
    };
    void Promise.all(PREFIXED_SPACES.map(({ remote }) => load(remote))).then((loaded) => {
      if (current) setModules(loaded.flat());
    });
    return () => {
      current = false;
    };
  }, []);
  const [report] = useState(() => (name: RemoteName, links: readonly NavItem[]) => setByRemote((previous) => new Map(previous).set(name, links)));
  const links = PREFIXED_SPACES.flatMap(({ remote }) => byRemote.get(remote) ?? []);
  useEffect(() => onLinks(PREFIXED_SPACES.flatMap(({ remote }) => byRemote.get(remote) ?? [])), [byRemote, onLinks]);
  return (
    <>
      {modules.map(({ name, module }) => (
        <RemoteWorkspace key={name} name={name} module={module} report={report} />
      ))}
      <WorkspaceLanding links={links} />
    </>
  );
}

/** On the home page: the signed-in staff member's tools, one tap away. */
export function WorkspaceBar({ links }: { links: readonly NavItem[] }) {
  const { pathname } = useLocation();
  if (pathname !== '/') return null;
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
function WorkspaceLanding({ links }: { links: readonly NavItem[] }) {
  const landing = links.find((link) => link.landing);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!landing || pathname !== '/' || sessionStorage.getItem(LANDED_KEY)) return;
    sessionStorage.setItem(LANDED_KEY, landing.to);
    navigate(landing.to, { replace: true });
  }, [landing, pathname, navigate]);
  return null;
}
