import { fetchEarly } from './responses';

/**
 * The first page's API reads, started by the page's inline script
 * (early/index.ts) as soon as the run-time config says where the service is
 * (inline in the page), while the shell's scripts download, instead of
 * after the remote's page code has downloaded and rendered. shared-ui's API
 * client takes these responses for the same URLs (setEarlyResponses), so the
 * remote's queries get their data without asking again. For the home page the
 * hero's first image is also preloaded, with high priority, as soon as the
 * shows are known: it is the page's largest paint.
 *
 * The table mirrors what the customer remote's pages read first
 * (customer-mfe features/shows/api); a page missing here still loads, only
 * later. Paths follow the customer route table (customer-mfe src/exposes/routes.tsx).
 */
interface FirstPage {
  /** Segments of the path; ':name' matches one segment. */
  path: string;
  /** API paths of the service this page reads before anything else. */
  reads: (params: Record<string, string>) => string[];
  /** From the first read's answer, the image path of the page's largest paint. */
  largestImage?: (firstAnswer: unknown) => string | null | undefined;
  /**
   * The name of the lazily loaded chunk holding the page's code (its
   * webpackChunkName in the remote's route table), preloaded with the remote's
   * entry (preload-remote.ts). A name the remote no longer uses only means the
   * chunk loads when the page renders, as without this.
   */
  pageChunk?: string;
}

const MOVIE_ID = /^[1-9][0-9]{0,9}$/;

const FIRST_PAGES: FirstPage[] = [
  {
    path: '/',
    reads: () => ['/api/show/all'],
    // The hero's first slide (HeroCarousel): the first show's backdrop.
    largestImage: (answer) => (answer as { shows?: { backdrop_path?: string | null }[] }).shows?.[0]?.backdrop_path,
  },
  { path: '/movies', reads: () => ['/api/show/all'] },
  {
    path: '/movies/:id',
    // The movie ("You May Also Like", at the foot of the page, reads the other shows when scrolled near).
    reads: ({ id }) => (MOVIE_ID.test(id!) ? [`/api/show/${id}`] : []),
    // The movie's poster (MovieDetailPage).
    largestImage: (answer) => (answer as { movie?: { poster_path?: string | null } }).movie?.poster_path,
    pageChunk: 'page-movie-detail',
  },
  {
    path: '/movies/:id/:date',
    // The movie's show times, and the theatre's time zone they are shown in.
    reads: ({ id }) => (MOVIE_ID.test(id!) ? [`/api/show/${id}`, '/api/config'] : []),
    pageChunk: 'page-seat-selection',
  },
];

/** The first page `pathname` is, with its path parameters; undefined for a page not listed. */
export function firstPageOf(pathname: string): { page: FirstPage; params: Record<string, string> } | undefined {
  for (const page of FIRST_PAGES) {
    const params = matchPath(page.path, pathname);
    if (params) return { page, params };
  }
  return undefined;
}

/** The parameters of `pathname` under `pattern`, or null when it does not match. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(have[i]!);
    else if (segment !== have[i]) return null;
  }
  return params;
}

interface ServiceConfig {
  apiBaseUrl?: string;
  imageBaseUrl?: string;
}

/** The same URL shared-ui's API client and imageUrl build for a path. */
const join = (base: string, path: string) => `${base.replace(/\/$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;

function preloadImage(href: string) {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  link.fetchPriority = 'high';
  document.head.appendChild(link);
}

/** Starts `pathname`'s first reads (and its largest image once known). Best effort: a failure leaves the page to ask itself. */
export async function preloadFirstPageData(pathname: string, appConfig: Promise<unknown>): Promise<void> {
  try {
    const config = (await appConfig) as ServiceConfig;
    const first = firstPageOf(pathname);
    if (!first || !config.apiBaseUrl) return;
    const reads = first.page.reads(first.params);
    // The headers shared-ui's client sends for a public read, so the request is the same one.
    const answers = reads.map((read) => fetchEarly(join(config.apiBaseUrl!, read), { headers: { accept: 'application/json' } }));
    const { largestImage } = first.page;
    if (!largestImage || !config.imageBaseUrl || !answers[0]) return;
    const answer = await answers[0];
    if (!answer.ok) return;
    const image = largestImage(await answer.json());
    if (image) preloadImage(/^https?:\/\//.test(image) ? image : join(config.imageBaseUrl, image));
  } catch (error) {
    console.warn('[shell] preloading the first page data failed; the page asks for it itself', error);
  }
}
