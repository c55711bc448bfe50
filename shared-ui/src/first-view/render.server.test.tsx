// @vitest-environment node
import { useQuery } from '@tanstack/react-query';
import { useParams, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../config/app-config';
import { renderFirstView, scriptSafeJson } from './render.server';
import type { FirstViewState } from './state';

const config: AppConfig = { apiBaseUrl: 'http://api.test', imageBaseUrl: 'http://api.test/images', auth: { domain: 'http://id.test', clientId: 'c', audience: 'a' } };

describe('scriptSafeJson', () => {
  it('cannot close the script element it sits in, nor open a comment, and reads back the same', () => {
    const value = { title: '</script><script>alert(1)</script>', note: '<!-- x -->', lines: 'a\u2028b\u2029c' };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/<\/script/i);
    expect(json).not.toContain('<!--');
    expect(json).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

/** A page that reads its movie by the path's id, as the remote's pages do (a query key and function of its own). */
function MoviePage({ read }: { read: (id: string) => Promise<{ title: string }> }) {
  const { id = '' } = useParams();
  const movie = useQuery({ queryKey: ['movie', id], queryFn: () => read(id) });
  const later = useQuery({ queryKey: ['show-time'], queryFn: () => Promise.reject(new Error('not asked for')), enabled: false });
  return movie.data ? <h1>{movie.data.title}{later.data ? '!' : ''}</h1> : <p>Loading…</p>;
}

const routesReading = (read: (id: string) => Promise<{ title: string }>) =>
  function TestRoutes() {
    return (
      <Routes>
        <Route path="/movies/:id" element={<MoviePage read={read} />} />
        <Route path="*" element={<p>Static</p>} />
      </Routes>
    );
  };

describe('renderFirstView', () => {
  it("renders the page with the reads its own queries make, and hands over those reads by the page's query keys", async () => {
    const asked: string[] = [];
    const Routes = routesReading(async (id) => (asked.push(id), { title: 'Dear </script> Odette' }));
    const view = await renderFirstView({ Routes, path: '/movies/7', config, signal: new AbortController().signal });
    expect(asked).toEqual(['7']);
    expect(view?.html).toContain('<h1>Dear &lt;/script&gt; Odette</h1>');
    expect(view?.state).not.toContain('</script');
    const state = JSON.parse(view!.state) as FirstViewState;
    expect(state.queries.map(({ queryKey, data }) => ({ queryKey, data }))).toEqual([{ queryKey: ['movie', '7'], data: { title: 'Dear </script> Odette' } }]);
  });

  it('gives null when a read fails (the client renders the page), and for a page that reads nothing', async () => {
    const failing = routesReading(() => Promise.reject(new Error('down')));
    expect(await renderFirstView({ Routes: failing, path: '/movies/7', config, signal: new AbortController().signal })).toBeNull();
    expect(await renderFirstView({ Routes: failing, path: '/elsewhere', config, signal: new AbortController().signal })).toBeNull();
  });
});
