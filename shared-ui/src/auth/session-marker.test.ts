import { describe, expect, it } from 'vitest';
import { sessionMayExist } from './session-marker';

function storageWith(keys: string[]): Storage {
  const values = new Map(keys.map((key) => [key, '{}']));
  return {
    get length() {
      return values.size;
    },
    key: (index: number) => [...values.keys()][index] ?? null,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    clear: () => values.clear(),
  };
}

describe('sessionMayExist', () => {
  it('is false for a visitor who never signed in', () => {
    expect(sessionMayExist('app', { search: '' }, storageWith(['theme']))).toBe(false);
    expect(sessionMayExist('app', { search: '?state=x' }, null)).toBe(false);
  });

  it('is true when the SDK cached tokens or the user for this client', () => {
    expect(sessionMayExist('app', { search: '' }, storageWith(['@@auth0spajs@@::app::@@user@@']))).toBe(true);
    expect(sessionMayExist('app', { search: '' }, storageWith(['@@auth0spajs@@::app::https://api::openid profile']))).toBe(true);
    expect(sessionMayExist('other', { search: '' }, storageWith(['@@auth0spajs@@::app::@@user@@']))).toBe(false);
  });

  it('is true on the return from the sign-in page, with a code or an error', () => {
    expect(sessionMayExist('app', { search: '?code=abc&state=xyz' }, null)).toBe(true);
    expect(sessionMayExist('app', { search: '?error=access_denied&state=xyz' }, null)).toBe(true);
  });
});
