import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import table from './first-pages.json';
import { CUSTOMER_PAGES } from './routes';

/**
 * The first-page table (first-pages.json, published in the build's manifest for
 * the shell's early script) must follow the route table: a renamed page or chunk
 * would otherwise quietly lose its first-visit preload.
 */
const firstPages: { path: string; params?: Record<string, string>; reads: string[]; pageChunk?: string }[] = table;

describe('the first-page table', () => {
  it('lists only paths of the route table', () => {
    const paths = CUSTOMER_PAGES.map(({ path }) => path);
    for (const { path } of firstPages) expect(paths).toContain(path);
  });

  it("names only chunks the route table's lazy pages are built as", () => {
    const routes = readFileSync(path.join(import.meta.dirname, 'routes.tsx'), 'utf8');
    const chunks = [...routes.matchAll(/webpackChunkName: "([^"]+)"/g)].map(([, name]) => name);
    for (const { pageChunk } of firstPages) if (pageChunk) expect(chunks).toContain(pageChunk);
  });

  it("gives each read's parameters and each parameter's pattern from the page's path", () => {
    for (const page of firstPages) {
      const params = [...page.path.matchAll(/:(\w+)/g)].map(([, name]) => name);
      for (const read of page.reads) for (const [, name] of read.matchAll(/:(\w+)/g)) expect(params).toContain(name);
      for (const name of Object.keys(page.params ?? {})) expect(params).toContain(name);
    }
  });
});
