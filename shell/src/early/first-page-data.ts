import { fetchEarly } from './responses';

/**
 * The first page's API reads, started by the page's inline script
 * (early/index.ts) as soon as the run-time config says where the service is
 * (inline in the page), while the shell's scripts download, instead of
 * after the remote's page code has downloaded and rendered. shared-ui's API
 * client takes these responses for the same URLs (setEarlyResponses), so the
 * remote's queries get their data without asking again. When the page names
 * its largest image, that image is also preloaded, with high priority, as soon
 * as the first read's answer is known.
 *
 * The shell knows no page: each remote publishes its table as data in its
 * mf-manifest.json (metaData.firstPages, e.g. customer-mfe
 * src/exposes/first-pages.json), and the deployment inlines the live remotes'
 * tables into the page, keyed by manifest URL (scripts/inline-runtime-config.mjs).
 * A remote that publishes none, or a page missing from its table, still loads, only later.
 */
export interface FirstPage {
  /** Segments of the path; ':name' matches one segment. */
  path: string;
  /** A regular expression each named parameter must match for the page to be this one. */
  params?: Record<string, string>;
  /** API paths of the service this page reads before anything else; ':name' takes the path's parameter. */
  reads: string[];
  /** Where, in the first read's answer, the image path of the page's largest paint is: keys and indexes joined by dots. */
  largestImage?: string;
  /**
   * The name of the lazily loaded chunk holding the page's code, preloaded with
   * the remote's entry (preload-remote.ts). A name the remote no longer uses
   * only means the chunk loads when the page renders, as without this.
   */
  pageChunk?: string;
}

const FIRST_PAGES_URL = '/first-pages.json';

/** The first-page table the remote at `manifestUrl` published, as the deployment inlined it; empty when there is none. */
export function publishedFirstPages(manifestUrl: unknown): FirstPage[] {
  // Inline only: fetching it would be the round trip the reads are started early to save.
  const inline = document.querySelector(`script[type="application/json"][data-runtime-config="${FIRST_PAGES_URL}"]`)?.textContent;
  const tables = (inline ? JSON.parse(inline) : {}) as Record<string, FirstPage[] | undefined>;
  return tables[String(manifestUrl)] ?? [];
}

/** The page of `pages` that `pathname` is, with its path parameters; undefined for a page not listed. */
export function firstPageOf(pages: FirstPage[], pathname: string): { page: FirstPage; params: Record<string, string> } | undefined {
  for (const page of pages) {
    const params = matchPath(page.path, pathname);
    if (params && Object.entries(page.params ?? {}).every(([name, pattern]) => new RegExp(pattern).test(params[name]!))) return { page, params };
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

/** The API path `read` names, with each ':name' replaced by the path's parameter. */
export function readPath(read: string, params: Record<string, string>): string {
  return read.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** The value at `path` ('shows.0.backdrop_path') in `answer`; undefined when any step is missing. */
export function valueAt(answer: unknown, path: string): unknown {
  // Any value reads a missing key as undefined; only null and undefined must stop the walk.
  return path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | null | undefined)?.[key], answer);
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

/** Starts the first page's reads (and its largest image once known). Best effort: a failure leaves the page to ask itself. */
export async function preloadFirstPageData(firstPage: Promise<ReturnType<typeof firstPageOf>>, appConfig: Promise<unknown>): Promise<void> {
  try {
    const config = (await appConfig) as ServiceConfig;
    const first = await firstPage;
    if (!first || !config.apiBaseUrl) return;
    const reads = first.page.reads.map((read) => readPath(read, first.params));
    // The headers shared-ui's client sends for a public read, so the request is the same one.
    const answers = reads.map((read) => fetchEarly(join(config.apiBaseUrl!, read), { headers: { accept: 'application/json' } }));
    const { largestImage } = first.page;
    if (!largestImage || !config.imageBaseUrl || !answers[0]) return;
    const answer = await answers[0];
    if (!answer.ok) return;
    const image = valueAt(await answer.json(), largestImage);
    if (typeof image === 'string' && image) preloadImage(/^https?:\/\//.test(image) ? image : join(config.imageBaseUrl, image));
  } catch (error) {
    console.warn('[shell] preloading the first page data failed; the page asks for it itself', error);
  }
}
