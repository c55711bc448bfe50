import type { Page } from '@playwright/test';

/**
 * Counts React renderers in the page the way React DevTools does: every copy
 * of react-dom registers itself with __REACT_DEVTOOLS_GLOBAL_HOOK__ on load.
 * One renderer means one React DOM, i.e. one React, in the page.
 */
export async function countReactRenderers(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const renderers = new Map<number, unknown>();
    let nextId = 1;
    (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      renderers,
      supportsFiber: true,
      inject(renderer: unknown) {
        const id = nextId++;
        renderers.set(id, renderer);
        return id;
      },
      onScheduleFiberRoot() {},
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    };
  });
}

export function reactRenderers(page: Page): Promise<{ count: number; versions: string[] }> {
  return page.evaluate(() => {
    const hook = (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, { version?: string }> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__;
    const versions = [...hook.renderers.values()].map((r) => r.version ?? 'unknown');
    return { count: versions.length, versions };
  });
}
