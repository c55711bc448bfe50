import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The module afresh (its "cookie kept this page" flag and its in-memory city start over). */
const load = () => import('./chosen-city');

/** The cookies of this document, by name. */
const cookies = () => Object.fromEntries(document.cookie.split(/;\s*/).filter(Boolean).map((pair) => pair.split('=') as [string, string]));

function clearCookies() {
  for (const name of Object.keys(cookies())) document.cookie = `${name}=; Path=/; Max-Age=0`;
}

describe('the chosen city', () => {
  beforeEach(() => {
    vi.resetModules();
    localStorage.clear();
    clearCookies();
  });
  afterEach(() => clearCookies());

  it('is kept in storage and in its first-party cookie; choosing none removes both', async () => {
    const { chooseCity, CITY_COOKIE } = await load();
    const written: string[] = [];
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    const spy = vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      written.push(value);
      cookie.set!.call(document, value);
    });
    chooseCity('São Paulo');
    expect(localStorage.getItem('marquee:city')).toBe('São Paulo');
    expect(cookies()[CITY_COOKIE]).toBe(encodeURIComponent('São Paulo'));
    expect(written.at(-1)).toBe(`${CITY_COOKIE}=S%C3%A3o%20Paulo; Path=/; Max-Age=31536000; SameSite=Lax`);
    chooseCity(null);
    expect(localStorage.getItem('marquee:city')).toBeNull();
    expect(cookies()[CITY_COOKIE]).toBeUndefined();
    expect(written.at(-1)).toBe(`${CITY_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`);
    spy.mockRestore();
  });

  it('a browser that chose it before the cookie (storage only) gets the cookie on its first load, once', async () => {
    localStorage.setItem('marquee:city', 'Mumbai');
    const { keepCityCookie, CITY_COOKIE } = await load();
    expect(cookies()[CITY_COOKIE]).toBeUndefined();
    keepCityCookie();
    expect(cookies()[CITY_COOKIE]).toBe('Mumbai');
    clearCookies();
    keepCityCookie();
    expect(cookies()[CITY_COOKIE], 'once per page').toBeUndefined();
  });

  it('without a choice, no cookie is written', async () => {
    const { keepCityCookie } = await load();
    keepCityCookie();
    expect(document.cookie).toBe('');
  });

  it("reads the request's cookie for a server render, and the browser's storage in the browser", async () => {
    const { cityFromCookies, ServerChosenCity, useChosenCity, chooseCity, CITY_COOKIE } = await load();
    expect(cityFromCookies({ [CITY_COOKIE]: 'Mumbai', other: 'x' })).toBe('Mumbai');
    expect(cityFromCookies({ [CITY_COOKIE]: ' ' })).toBeNull();
    expect(cityFromCookies(undefined)).toBeNull();
    function City() {
      return <p>{useChosenCity() ?? 'All cities'}</p>;
    }
    const server = renderToString(
      <ServerChosenCity value="Mumbai">
        <City />
      </ServerChosenCity>,
    );
    expect(server).toContain('Mumbai');
    expect(renderToString(<City />)).toContain('All cities');
    // In the browser the storage decides (the server's value is only for the server's render).
    localStorage.setItem('marquee:city', 'Delhi');
    render(
      <ServerChosenCity value="Mumbai">
        <City />
      </ServerChosenCity>,
    );
    expect(screen.getByText('Delhi')).toBeTruthy();
    expect(cookies()[CITY_COOKIE], 'the page that shows the city puts it in its cookie').toBe('Delhi');
    act(() => chooseCity('Pune'));
    expect(screen.getByText('Pune')).toBeTruthy();
  });
});
