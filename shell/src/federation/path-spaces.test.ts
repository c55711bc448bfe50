import { describe, expect, it } from 'vitest';
import { remoteForPath, showsShellChrome } from './path-spaces';

describe('path spaces', () => {
  it('gives /admin and /debug and everything below them to their remotes', () => {
    expect(remoteForPath('/admin')).toBe('admin');
    expect(remoteForPath('/admin/list-shows')).toBe('admin');
    expect(remoteForPath('/debug')).toBe('debug');
    expect(remoteForPath('/debug/anything')).toBe('debug');
  });

  it('gives every other path to the customer remote, pages the shell has never heard of included', () => {
    for (const path of ['/', '/movies', '/movies/1/2026-01-01', '/a-page-added-later', '/administrator', '/debugger']) {
      expect(remoteForPath(path)).toBe('customer');
    }
  });

  it('hides the navbar and footer in the staff spaces (admin and support), which bring their own chrome', () => {
    expect(showsShellChrome('/admin/add-shows')).toBe(false);
    expect(showsShellChrome('/debug')).toBe(false);
    expect(showsShellChrome('/no-such-page')).toBe(true);
  });
});
