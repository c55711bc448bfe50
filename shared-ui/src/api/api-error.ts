import type { ErrorBody } from 'booking-service/contract';

/** A failure answer of the service (or the network), carrying the service's message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The service's own answer (`{ success: false, message, ... }`), or null when none could be read. */
    readonly body: ErrorBody | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type GetToken = () => Promise<string>;

/** The service's address for `path` (no trailing slash doubled). */
export const serviceUrl = (baseUrl: string, path: string) => `${baseUrl.replace(/\/$/, '')}${path}`;
