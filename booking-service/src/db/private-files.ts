import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/** Owner only: the embedded database, keys and secrets are nobody else's business on the machine. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Files this process creates from now on are private to its user, whoever
 * creates them (PGlite's own files included): the umask takes group and other
 * permissions away.
 */
export function createPrivateFiles(): void {
  process.umask(0o077);
}

/**
 * Creates `dir` (0700) if needed, and makes everything already in it private:
 * folders 0700, files 0600, so data written by an older version or under a
 * looser umask is repaired at start. Symbolic links are left alone.
 */
export async function makePrivate(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  async function walk(current: string): Promise<void> {
    const info = await lstat(current);
    if (info.isSymbolicLink()) return;
    if (info.isDirectory()) {
      if ((info.mode & 0o777) !== PRIVATE_DIR_MODE) await chmod(current, PRIVATE_DIR_MODE);
      for (const entry of await readdir(current)) await walk(path.join(current, entry));
    } else if ((info.mode & 0o777) !== PRIVATE_FILE_MODE) {
      await chmod(current, PRIVATE_FILE_MODE);
    }
  }
  await walk(dir);
}
