/** The service's address for `path` (no trailing slash doubled). */
export const serviceUrl = (baseUrl: string, path: string) => `${baseUrl.replace(/\/$/, '')}${path}`;

/** `?a=1&b=2` from the fields that are set, or nothing. */
export function queryString(fields: Record<string, string | undefined>): string {
  const set = Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return set.length ? `?${new URLSearchParams(set).toString()}` : '';
}
