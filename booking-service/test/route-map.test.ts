import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes } from './support/databases.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * A URL leads to its file: composition/routes.ts's table names, for each URL prefix, the route plugins that
 * serve it. Held against what runs: each route of the OpenAPI document is traced to the file that registered it
 * (the first frame of src/ outside composition/ and http/ on the stack Fastify's onRoute is called with), and
 * that file must be in the row of the route's prefix; a file a row names must register a route under it.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/** The table in composition/routes.ts's comment: each row's prefixes and files (a row may wrap onto the next lines). */
function routeTable(): { prefixes: string[]; files: string[] }[] {
  const source = readFileSync(path.join(SRC, 'composition/routes.ts'), 'utf8');
  const comment = source.slice(source.indexOf('grouped by the URL prefix'), source.indexOf('*/', source.indexOf('grouped by the URL prefix')));
  const rows: { prefixes: string[]; files: string[] }[] = [];
  for (const line of comment.split('\n').map((l) => l.replace(/^\s*\*\s?/, ''))) {
    const prefixes = line.match(/^\s*(\/api\/[\w/-]+(?:, \/api\/[\w/-]+)*)\s{2,}/)?.[1]?.split(', ');
    const files = [...line.matchAll(/([\w-]+(?:\/[\w-]+)*\.ts)/g)].map(([file]) => file!);
    if (rows.length && !line.trim()) break; // the table ends at its first blank line
    if (prefixes) rows.push({ prefixes, files });
    else if (rows.length && files.length) rows.at(-1)!.files.push(...files);
  }
  return rows;
}

/** The file of src/ that registered a route: the first frame outside composition/ and http/ (plumbing). */
function registeringFile(stack: string): string | null {
  // A frame is "at name (file:line:col)", or "at file:line:col" for an anonymous function (a plugin's body).
  for (const [, file] of stack.matchAll(/(?:\(|at )(?:file:\/\/)?([^\s():]+\.ts):\d+:\d+\)?$/gm)) {
    if (!file!.startsWith(SRC)) continue;
    const relative = file!.slice(SRC.length + 1);
    if (!relative.startsWith('composition/') && !relative.startsWith('http/')) return relative;
  }
  return null;
}

const lane = lanes[0]!;

describe.skipIf(lane.skipReason !== null)('the URL map of composition/routes.ts', () => {
  let t: TestApp;
  const fileOf = new Map<string, string | null>();

  beforeAll(async () => {
    t = await startTestApp(lane, {
      onRoute: (route) => {
        for (const method of [route.method].flat()) fileOf.set(`${method} ${route.url}`, registeringFile(new Error().stack ?? ''));
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("names, for every documented route, the file that registers it, in its prefix's row; every file it names serves that prefix", async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const table = routeTable();
    expect(table.length).toBeGreaterThan(5);
    const rowOf = (url: string) => {
      const matches = table.flatMap((row) => row.prefixes.filter((p) => url === p || url.startsWith(`${p}/`)).map((p) => ({ row, p })));
      return matches.sort((a, b) => b.p.length - a.p.length)[0]?.row;
    };
    const misplaced: string[] = [];
    const served = new Set<string>();
    for (const [openApiPath, operations] of Object.entries(document.paths)) {
      const url = openApiPath.replace(/\{(\w+)\}/g, ':$1');
      for (const method of Object.keys(operations).map((m) => m.toUpperCase())) {
        const file = fileOf.get(`${method} ${url}`);
        const row = rowOf(url);
        if (!file || !row || !row.files.includes(file)) misplaced.push(`${method} ${url}: registered by ${file ?? '(not found)'}, table row ${row ? row.prefixes.join(', ') : '(none)'}`);
        if (file && row) served.add(`${row.prefixes.join()}|${file}`);
      }
    }
    expect(misplaced).toEqual([]);
    const idle = table.flatMap((row) => row.files.filter((file) => !served.has(`${row.prefixes.join()}|${file}`)).map((file) => `${file} under ${row.prefixes.join(', ')}`));
    expect(idle, 'files the table names that serve no documented route under that prefix').toEqual([]);
  });
});
