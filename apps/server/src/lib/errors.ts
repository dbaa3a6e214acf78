import type { ErrorCode, FieldError } from '@gym/contract/errors';

/** A refusal the caller can understand; rendered as `{error, message, fields?}`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldError[],
    readonly retryAfterSeconds?: number,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'resource') => new AppError(404, 'not_found', `${what} not found`);
export const forbidden = () => new AppError(403, 'forbidden', 'You are not allowed to do this');
export const unauthenticated = (message = 'Sign in required') => new AppError(401, 'unauthenticated', message);
export const conflict = (code: ErrorCode, message: string, path?: string) =>
  new AppError(409, code, message, path ? [{ path, code, message }] : undefined);
