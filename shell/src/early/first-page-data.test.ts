import { describe, expect, it } from 'vitest';
import { matchPath } from './first-page-data';

describe('the first page of a path', () => {
  it('matches literal segments and takes parameters', () => {
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('/movies/:id', '/movies/1027')).toEqual({ id: '1027' });
    expect(matchPath('/movies/:id/:date', '/movies/1027/2026-11-24/')).toEqual({ id: '1027', date: '2026-11-24' });
  });

  it('refuses other shapes', () => {
    expect(matchPath('/', '/movies')).toBeNull();
    expect(matchPath('/movies/:id', '/movies/1027/2026-11-24')).toBeNull();
    expect(matchPath('/movies/:id', '/theaters/1027')).toBeNull();
  });
});
