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

/**
 * Whether `error` is an ApiError, whichever copy of the class threw it (the shell's request code, or a
 * remote's own under an older shell): by name, as `instanceof` tells one copy only.
 */
export const isApiError = (error: unknown): error is ApiError => error instanceof Error && error.name === 'ApiError';

export type GetToken = () => Promise<string>;
