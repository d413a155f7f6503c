/**
 * Why a call failed: the server said no (`business`), it could not be reached (`network`), or the
 * browser is already leaving for the login page or a check screen (`redirected`), in which case
 * nobody should show anything.
 */
export type ApiErrorKind = 'business' | 'network' | 'redirected';

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly kind: ApiErrorKind,
    /** What a refusal carried besides its text (a batch's result per item), when anything. */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Whether an error deserves a message to the user (a redirect speaks for itself). */
export function shouldReport(error: unknown): boolean {
  return !(isApiError(error) && error.kind === 'redirected');
}
