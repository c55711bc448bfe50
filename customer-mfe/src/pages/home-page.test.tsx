import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HeroCarousel } from '../features/shows/components/hero-carousel';
import { API, MOVIES } from '../testing/fixtures';
import { renderRoute } from '../testing/render';
import { server } from '../testing/server';

describe('home page', () => {
  it('shows a skeleton, then the hero and the first 4 shows with Show more', async () => {
    renderRoute('/');
    expect(screen.getByRole('status', { name: 'Loading movies' })).toBeInTheDocument();
    const section = (await screen.findByRole('heading', { name: 'Now Showing' })).closest('section')!;
    await within(section).findAllByRole('article');
    expect(within(section).getAllByRole('article')).toHaveLength(4);
    expect(within(section).getByRole('link', { name: 'Show more' })).toHaveAttribute('href', '/movies');
    expect(screen.getByRole('region', { name: 'Featured movies' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Show slide/ })).toHaveLength(5);
  });

  it('shows the service message as a toast and an error state whose Retry loads again', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/api/show/all`, () =>
        fail ? HttpResponse.json({ success: false, message: 'Shows are resting' }, { status: 500 }) : HttpResponse.json({ success: true, shows: MOVIES }),
      ),
    );
    renderRoute('/');
    expect(await screen.findByRole('alert')).toHaveTextContent('Shows are resting');
    expect(await screen.findByText('Shows are resting', { selector: '[role=status] *, [role=status]' })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('article')).toHaveLength(4);
  });

  it('says when nothing is showing', async () => {
    server.use(http.get(`${API}/api/show/all`, () => HttpResponse.json({ success: true, shows: [] })));
    renderRoute('/');
    expect(await screen.findByRole('heading', { name: 'No movies currently showing' })).toBeInTheDocument();
  });

  it('plays the trailers of the first 4 shows and switches with the thumbnails', async () => {
    renderRoute('/');
    const thumbs = await screen.findByRole('list', { name: 'Choose a trailer' });
    expect(within(thumbs).getAllByRole('button')).toHaveLength(4);
    expect(screen.getByRole('figure', { name: `Trailer preview: ${MOVIES[0]!.title}` })).toBeInTheDocument();
    await userEvent.click(within(thumbs).getByRole('button', { name: MOVIES[2]!.title }));
    expect(screen.getByRole('figure', { name: `Trailer preview: ${MOVIES[2]!.title}` })).toBeInTheDocument();
    expect(within(thumbs).getByRole('button', { name: MOVIES[2]!.title })).toHaveAttribute('aria-pressed', 'true');
    // The preview can be paused.
    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(screen.getByRole('button', { name: 'Play' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('falls back to four Featured Movie placeholders when no trailer is found', async () => {
    server.use(http.get(`${API}/api/catalog/movie/:id/videos`, ({ params }) => HttpResponse.json({ success: true, id: Number(params.id), results: [] })));
    renderRoute('/');
    expect(await screen.findByText('No trailers available at the moment')).toBeInTheDocument();
    const thumbs = screen.getByRole('list', { name: 'Choose a trailer' });
    expect(within(thumbs).getAllByRole('button').map((b) => b.textContent)).toEqual(['Featured Movie 1', 'Featured Movie 2', 'Featured Movie 3', 'Featured Movie 4']);
    expect(screen.getByText('Trailer not available')).toBeInTheDocument();
  });
});

describe('hero carousel', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const activeTitle = () => screen.getAllByRole('group', { hidden: true }).find((g) => g.getAttribute('aria-hidden') === 'false')!.querySelector('h2')!.textContent;

  it('advances every 5 seconds and wraps around', () => {
    vi.useFakeTimers();
    renderRoute('/', <HeroCarousel movies={MOVIES.slice(0, 3)} />);
    expect(activeTitle()).toBe(MOVIES[0]!.title);
    act(() => vi.advanceTimersByTime(4999));
    expect(activeTitle()).toBe(MOVIES[0]!.title);
    act(() => vi.advanceTimersByTime(1));
    expect(activeTitle()).toBe(MOVIES[1]!.title);
    act(() => vi.advanceTimersByTime(5000));
    expect(activeTitle()).toBe(MOVIES[2]!.title);
    act(() => vi.advanceTimersByTime(5000));
    expect(activeTitle()).toBe(MOVIES[0]!.title);
  });

  it('has one slide and one dot for each of the first 5 shows, and previous/next buttons that wrap over them', () => {
    renderRoute('/', <HeroCarousel movies={MOVIES} />);
    // 7 shows: 5 slides, 5 dots, and no "1 / 7" beside dots that stop at 5.
    expect([...document.querySelectorAll('[aria-roledescription="slide"]')].map((slide) => slide.getAttribute('aria-label'))).toEqual(
      MOVIES.slice(0, 5).map((movie, i) => `${i + 1} of 5: ${movie.title}`),
    );
    expect(screen.queryByText(/\d \/ \d/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(activeTitle()).toBe(MOVIES[4]!.title);
    expect(screen.getAllByRole('button', { name: /^Show slide/ })[4]).toHaveAttribute('aria-current', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(activeTitle()).toBe(MOVIES[0]!.title);
    const dots = screen.getAllByRole('button', { name: /^Show slide/ });
    expect(dots).toHaveLength(5);
    fireEvent.click(dots[3]!);
    expect(activeTitle()).toBe(MOVIES[3]!.title);
    expect(dots[3]).toHaveAttribute('aria-current', 'true');
  });

  it('holds still while hovered, while focused and when paused', () => {
    vi.useFakeTimers();
    renderRoute('/', <HeroCarousel movies={MOVIES.slice(0, 3)} />);
    const region = screen.getByRole('region', { name: 'Featured movies' });
    fireEvent.mouseEnter(region);
    act(() => vi.advanceTimersByTime(15_000));
    expect(activeTitle()).toBe(MOVIES[0]!.title);
    fireEvent.mouseLeave(region);
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    act(() => vi.advanceTimersByTime(15_000));
    expect(activeTitle()).toBe(MOVIES[0]!.title);
  });

  it('does not move for visitors who prefer reduced motion', () => {
    vi.useFakeTimers();
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
    );
    renderRoute('/', <HeroCarousel movies={MOVIES.slice(0, 3)} />);
    act(() => vi.advanceTimersByTime(15_000));
    expect(activeTitle()).toBe(MOVIES[0]!.title);
    expect(screen.queryByRole('button', { name: 'Pause slideshow' })).not.toBeInTheDocument();
  });

  it("loads only the first slide's image with the page, the next one's 2 s before its turn, and keeps a shown slide's", () => {
    vi.useFakeTimers();
    renderRoute('/', <HeroCarousel movies={MOVIES.slice(0, 4)} />);
    const art = () => [...document.querySelectorAll<HTMLImageElement>('img.c-hero__art')].map((img) => img.closest('[role=group]')!.querySelector('h2')!.textContent);
    expect(art()).toEqual([MOVIES[0]!.title]);
    act(() => vi.advanceTimersByTime(2999));
    expect(art()).toEqual([MOVIES[0]!.title]);
    act(() => vi.advanceTimersByTime(1));
    expect(art()).toEqual([MOVIES[0]!.title, MOVIES[1]!.title]);
    act(() => vi.advanceTimersByTime(2000));
    expect(activeTitle()).toBe(MOVIES[1]!.title);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(art()).toEqual([MOVIES[0]!.title, MOVIES[1]!.title]);
  });

  it("shows a slide's image when the visitor jumps to it before the first has loaded", () => {
    renderRoute('/', <HeroCarousel movies={MOVIES} />);
    fireEvent.click(screen.getAllByRole('button', { name: /^Show slide/ })[3]!);
    const art = [...document.querySelectorAll('img.c-hero__art')].map((img) => img.closest('[role=group]')!.querySelector('h2')!.textContent);
    expect(art).toEqual([MOVIES[0]!.title, MOVIES[3]!.title]);
  });
});
