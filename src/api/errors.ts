import type { z } from 'zod';

/**
 * `network`: the request never got an answer (unreachable); `timeout`: it left but no answer came in
 * time (a hung service). Neither is a refusal: see isNoAnswer.
 */
export type ApiErrorKind = 'http' | 'rejected' | 'invalid_response' | 'network' | 'timeout' | 'client';

/**
 * The one error every API call throws: the service's `code`/`message`/`request_id`, the HTTP status,
 * and what kind of failure it was, so screens can say something precise.
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: number;
  readonly status: number;
  readonly requestId: string | undefined;
  readonly endpoint: string;
  /** A 429's Retry-After header as sent (history walks wait that long), else null. */
  retryAfter: string | null = null;

  constructor(init: {
    kind: ApiErrorKind;
    code: number;
    message: string;
    status: number;
    requestId?: string | undefined;
    endpoint: string;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.endpoint = init.endpoint;
  }

  get isUnauthorized(): boolean {
    return this.status === 401;
  }

  get isRateLimited(): boolean {
    return this.status === 429;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/**
 * The request may or may not have reached the service and taken effect: no answer (unreachable,
 * timed out) or an answer we cannot read. A command that fails this way has an unknown outcome and
 * is reconciled by reading the state back, never reported as refused.
 */
export function isNoAnswer(e: unknown): e is ApiError {
  return isApiError(e) && (e.kind === 'network' || e.kind === 'timeout' || e.kind === 'invalid_response');
}

/** Builds the error for a non-2xx response from its raw body: JSON envelope or plain text. */
export function errorFromResponse(status: number, statusText: string, bodyText: string, endpoint: string): ApiError {
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (parsed && typeof parsed === 'object') {
      const o = parsed as Record<string, unknown>;
      const message = typeof o.message === 'string' ? o.message : typeof o.msg === 'string' ? o.msg : undefined;
      if (message !== undefined) {
        return new ApiError({
          kind: 'http',
          code: typeof o.code === 'number' && o.code !== 0 ? o.code : status,
          message,
          status,
          requestId: typeof o.request_id === 'string' ? o.request_id : undefined,
          endpoint,
        });
      }
    }
  } catch {
    // not JSON: the public service answers some errors in plain text
  }
  const text = bodyText.trim();
  return new ApiError({
    kind: 'http',
    code: status,
    message: text.length > 0 ? text.slice(0, 500) : statusText || `HTTP ${status}`,
    status,
    endpoint,
  });
}

/** A 2xx body that breaks the spec's shape: say which field, not crash later. */
export function invalidResponse(endpoint: string, status: number, error: z.ZodError): ApiError {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? issue.path.join('.') : '(root)';
  return new ApiError({
    kind: 'invalid_response',
    code: -1,
    message: `Unexpected response from ${endpoint}: ${where}: ${issue?.message ?? 'invalid shape'}`,
    status,
    endpoint,
  });
}
