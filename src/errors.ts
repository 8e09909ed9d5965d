/**
 * Typed errors thrown anywhere in the server. One handler in app.ts turns them
 * into `{ "error": "…" }` JSON for /api/* and a friendly page for HTML.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequest extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}

export class Unauthorized extends HttpError {
  constructor(message = "Sign in to continue.") {
    super(401, message);
  }
}

export class Forbidden extends HttpError {
  constructor(message = "You are not allowed to do that.") {
    super(403, message);
  }
}

export class NotFound extends HttpError {
  constructor(message = "Not found.") {
    super(404, message);
  }
}

export class Conflict extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

export class PayloadTooLarge extends HttpError {
  constructor(message: string) {
    super(413, message);
  }
}

/** A request body that did not finish arriving in the time allowed (src/http/read-body.ts). */
export class RequestTimeout extends HttpError {
  constructor(message: string) {
    super(408, message);
  }
}

export class TooManyRequests extends HttpError {
  constructor(retryAfterSeconds: number, message = "Too many attempts. Please wait a moment and try again.") {
    super(429, message, { "Retry-After": String(retryAfterSeconds) });
  }
}

/** The shop is busy right now (its queue for heavy work is full): try again shortly. */
export class ServiceUnavailable extends HttpError {
  constructor(retryAfterSeconds: number, message: string) {
    super(503, message, { "Retry-After": String(retryAfterSeconds) });
  }
}

/** The shop will not store more files now (its upload space is used up, or the disk is nearly full). */
export class InsufficientStorage extends HttpError {
  constructor(retryAfterSeconds: number, message: string) {
    super(507, message, { "Retry-After": String(retryAfterSeconds) });
  }
}
