/** A refusal with an HTTP status; `code` equals the status (decisions.md "Errors"). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Answer with the message as a plain-text body instead of the JSON envelope. */
    readonly plainText = false,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
/**
 * A malformed query string: the public service answers it with a 400 whose body is plain text, not
 * the JSON envelope (decisions.md "Errors"). Only query-string validation uses it; bodies keep JSON.
 */
export const badQuery = (message: string) => new HttpError(400, message, true);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);
