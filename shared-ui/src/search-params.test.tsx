// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useComposedSearchParams } from './search-params';

/** Renders `hook` on a page of a memory router at `url` (the router renders navigations in a transition, as in the browser). */
function onPage<T>(hook: () => T, url = '/list') {
  const result: { current: T } = { current: undefined as T };
  const navigate: { current: ReturnType<typeof useNavigate> } = { current: undefined as never };
  function Page() {
    result.current = hook();
    navigate.current = useNavigate();
    return null;
  }
  const router = createMemoryRouter([{ path: '/list', element: <Page /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return { result, navigate, router };
}

const set = (name: string, value: string) => (current: URLSearchParams) => {
  current.set(name, value);
  return current;
};

describe('useComposedSearchParams', () => {
  afterEach(cleanup);

  it('two changes before the page re-renders both land: the second starts from the first', async () => {
    const { result, router } = onPage(useComposedSearchParams, '/list?sort=sold');
    await act(async () => {
      result.current[1](set('from', '2026-12-04'));
      result.current[1](set('to', '2026-12-04'));
    });
    expect(router.state.location.search).toBe('?sort=sold&from=2026-12-04&to=2026-12-04');
    expect(result.current[0].get('from')).toBe('2026-12-04');
  });

  it('shows a change in a render of its own, before the navigation renders (a tapped seat paints chosen at once)', async () => {
    const seen: { shown: string; location: string }[] = [];
    const { result, router } = onPage(() => {
      const params = useComposedSearchParams();
      seen.push({ shown: params[0].toString(), location: useLocation().search });
      return params;
    }, '/list?seats=A1');
    await act(async () => result.current[1](set('seats', 'A1,A2')));
    expect(router.state.location.search).toBe('?seats=A1%2CA2');
    // A render showed the new seats while the router still rendered the old URL; then both agree.
    expect(seen).toContainEqual({ shown: 'seats=A1%2CA2', location: '?seats=A1' });
    expect(seen.at(-1)).toEqual({ shown: 'seats=A1%2CA2', location: '?seats=A1%2CA2' });
  });

  it('react-router’s own setter, for contrast, loses the first of two such changes (the reason for this hook)', async () => {
    const { result, router } = onPage(() => useSearchParams(), '/list?sort=sold');
    await act(async () => {
      result.current[1](set('from', '2026-12-04'));
      result.current[1](set('to', '2026-12-04'));
    });
    expect(router.state.location.search).toBe('?sort=sold&to=2026-12-04');
  });

  it('after the URL moves on its own (Back, a link), the next change starts from where it is', async () => {
    const { result, navigate, router } = onPage(useComposedSearchParams, '/list');
    await act(async () => result.current[1](set('page', '2')));
    await act(async () => navigate.current('/list?movie=1001'));
    await act(async () => result.current[1](set('sort', 'time')));
    expect(router.state.location.search).toBe('?movie=1001&sort=time');
    await act(async () => navigate.current(-1));
    await act(async () => result.current[1](set('order', 'desc')));
    expect(router.state.location.search).toBe('?movie=1001&order=desc');
  });

  it('passes the navigation options on: a replaced entry leaves nothing to go Back to', async () => {
    const { result, router } = onPage(useComposedSearchParams, '/list');
    await act(async () => result.current[1](set('seats', 'A1'), { replace: true }));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
