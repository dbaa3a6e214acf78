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
/** 404 naming the field whose id found nothing (`what` names the missing thing: "Member"). */
export const notFoundAt = (path: string, what: string) =>
  new AppError(404, 'not_found', `${what} not found`, [{ path, code: 'not_found', message: `${what} not found` }]);
/** 409 `code`, on the field `path` when given; `details` name what is in the way. */
export const conflict = (code: ErrorCode, message: string, path?: string, details?: Record<string, unknown>) =>
  new AppError(409, code, message, path ? [{ path, code, message }] : undefined, undefined, details);
