import { afterEach, describe, expect, it } from 'vitest';
import { firstPageOf, matchPath, publishedFirstPages, readPath, valueAt, type FirstPage } from './first-page-data';

describe('the first page of a path', () => {
  it('matches literal segments and takes parameters', () => {
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('/films/:id', '/films/1027')).toEqual({ id: '1027' });
    expect(matchPath('/films/:id/:date', '/films/1027/2026-11-24/')).toEqual({ id: '1027', date: '2026-11-24' });
  });

  it('refuses other shapes', () => {
    expect(matchPath('/', '/films')).toBeNull();
    expect(matchPath('/films/:id', '/films/1027/2026-11-24')).toBeNull();
    expect(matchPath('/films/:id', '/venues/1027')).toBeNull();
  });
});

// A table as a remote publishes it; the names are made up, so nothing here can come from the shell itself.
const TABLE: FirstPage[] = [
  { path: '/', reads: ['/api/everything'], largestImage: 'items.0.picture' },
  { path: '/films/:slug', params: { slug: '^[a-z-]+$' }, reads: ['/api/film/:slug', '/api/settings'], largestImage: 'film.poster', pageChunk: 'page-film' },
];

describe('a published first-page table', () => {
  it('is all the shell knows: the page, its reads and its chunk come from the table', () => {
    const first = firstPageOf(TABLE, '/films/the-thing');
    expect(first).toEqual({ page: TABLE[1], params: { slug: 'the-thing' } });
    expect(first!.page.reads.map((read) => readPath(read, first!.params))).toEqual(['/api/film/the-thing', '/api/settings']);
    expect(first!.page.pageChunk).toBe('page-film');
  });

  it('knows no page when the remote publishes none', () => {
    for (const path of ['/', '/films/the-thing']) expect(firstPageOf([], path)).toBeUndefined();
  });

  it("refuses a path whose parameter does not match the page's pattern", () => {
    expect(firstPageOf(TABLE, '/films/1027')).toBeUndefined();
    expect(firstPageOf(TABLE, '/films')).toBeUndefined();
  });

  it('puts parameters into reads encoded, so a path cannot reach another API path', () => {
    expect(readPath('/api/film/:slug', { slug: 'a/b?c' })).toBe('/api/film/a%2Fb%3Fc');
  });

  it('finds the largest image by its place in the first answer', () => {
    expect(valueAt({ items: [{ picture: '/a.jpg' }] }, 'items.0.picture')).toBe('/a.jpg');
    expect(valueAt({ items: [] }, 'items.0.picture')).toBeUndefined();
    expect(valueAt(null, 'film.poster')).toBeUndefined();
  });
});

describe('the tables inlined in the page', () => {
  afterEach(() => document.head.replaceChildren());

  function inline(tables: unknown) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.dataset.runtimeConfig = '/first-pages.json';
    script.textContent = JSON.stringify(tables);
    document.head.appendChild(script);
  }

  it("gives the table of the release this browser loads, by its manifest's URL", () => {
    inline({ 'https://cdn.example/customer/2/mf-manifest.json': TABLE });
    expect(publishedFirstPages('https://cdn.example/customer/2/mf-manifest.json')).toEqual(TABLE);
    expect(publishedFirstPages('https://cdn.example/customer/1/mf-manifest.json')).toEqual([]);
  });

  it('is empty without the inline tables (a page written before remotes published them)', () => {
    expect(publishedFirstPages('https://cdn.example/customer/2/mf-manifest.json')).toEqual([]);
  });
});
