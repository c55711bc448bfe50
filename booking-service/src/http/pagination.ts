import { MAX_PAGE_SIZE } from '../contract/schemas.ts';
import { badRequest } from './errors.ts';

/** A list's page as the routes answer it (`page`, `pageSize`) and the store reads it (`offset`, `limit`). */
export interface Page {
  page: number;
  pageSize: number;
  offset: number;
  limit: number;
}

/**
 * The page a list query asks for (`page` and `pageSize`, digits checked by the contract's `PageQuery`):
 * the first page by default, `defaultPageSize` rows; more than MAX_PAGE_SIZE is refused (400).
 */
export function pageOf(query: { page?: string; pageSize?: string }, defaultPageSize: number): Page {
  const page = Number(query.page ?? 1);
  const pageSize = Number(query.pageSize ?? defaultPageSize);
  if (pageSize > MAX_PAGE_SIZE) throw badRequest(`pageSize must be at most ${MAX_PAGE_SIZE}`);
  return { page, pageSize, offset: (page - 1) * pageSize, limit: pageSize };
}
