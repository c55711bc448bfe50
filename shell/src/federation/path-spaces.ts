import type { RemoteName } from './remote-registry';

/**
 * The shell's only knowledge of the remotes' pages: which remote owns which
 * path space. Admin owns /admin and below, debug owns /debug and below, and the
 * customer remote owns every other path, its 404 included. Each remote's route
 * table decides what exists inside its space, so adding or renaming a page is
 * that remote's release alone.
 */
export const PREFIXED_SPACES = [
  { remote: 'admin', prefix: '/admin' },
  { remote: 'debug', prefix: '/debug' },
] as const satisfies readonly { remote: RemoteName; prefix: string }[];

export const DEFAULT_SPACE_REMOTE: RemoteName = 'customer';

/** The remote that serves `pathname`. */
export function remoteForPath(pathname: string): RemoteName {
  const space = PREFIXED_SPACES.find(({ prefix }) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  return space?.remote ?? DEFAULT_SPACE_REMOTE;
}

/** The shell's navbar and footer show in the moviegoers' space only: staff (admin, spec §2) and support bring their own chrome. */
export function showsShellChrome(pathname: string): boolean {
  return remoteForPath(pathname) === DEFAULT_SPACE_REMOTE;
}
