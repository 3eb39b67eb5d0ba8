/**
 * Error codes of the API contract and the HTTP status each one answers with.
 * One map, used by the server's error handler and by the client's ApiError.
 */
export const ERROR_CODES = {
  /** The body, query or params failed validation: 400 with `{ field: [message] }`. */
  VALIDATION: { status: 400, shape: 'fields' },
  /** A rule the request breaks that is not tied to one field: 400 `{ non_field_errors }`. */
  INVALID: { status: 400, shape: 'non_field' },
  /** No or bad credentials. */
  UNAUTHENTICATED: { status: 401, shape: 'detail' },
  /** Signed in, but this role may not do this. */
  FORBIDDEN: { status: 403, shape: 'detail' },
  /** Missing, or not visible to the person asking (never say which). */
  NOT_FOUND: { status: 404, shape: 'detail' },
  /** The resource is in a state that forbids the change (for example an approved log). */
  CONFLICT: { status: 409, shape: 'detail' },
  /**
   * The payment provider refused (a declined card). `error` carries the provider's message: the
   * contract's client toasts that field (SPEC §4 "Payments"); ours reads `detail`.
   */
  PAYMENT_FAILED: { status: 402, shape: 'payment' },
  /**
   * A trainee whose trial or subscription has run out tried to change their records: `detail`
   * is the dialog's message (SPEC §8). Reading and downloading stay open (BACB-RULES.md).
   */
  SUBSCRIPTION_REQUIRED: { status: 402, shape: 'detail' },
  /** A billing request the subscription's state forbids (already subscribed, nothing to cancel). */
  BILLING_CONFLICT: { status: 409, shape: 'payment' },
  /** The body is too large. */
  PAYLOAD_TOO_LARGE: { status: 413, shape: 'detail' },
  /*
   * Why an official form could not be filled (decision 012), so the client can help with each
   * (offer the template upload, link to the profile) without reading the message's words. A 400
   * keeps the contract's `non_field_errors` and adds `code`.
   */
  /** A PDF that is not a blank verification form we can fill (upload, or the form chosen). */
  FORM_TEMPLATE_INVALID: { status: 400, shape: 'non_field_code' },
  /** No blank form of the trainee's edition is installed: upload one (or the operator adds it). */
  FORM_TEMPLATE_MISSING: { status: 409, shape: 'detail' },
  /** The trainee's profile lacks a detail the form asks for (BACB ID, fieldwork place). */
  FORM_PROFILE_INCOMPLETE: { status: 400, shape: 'non_field_code' },
  /** The month, or the last month of the period, is not over yet. */
  FORM_MONTH_NOT_OVER: { status: 409, shape: 'detail' },
  /** No hours (that count) with this supervisor and fieldwork type for the form asked for. */
  FORM_NO_HOURS: { status: 400, shape: 'non_field_code' },
  /** Too many attempts; try again later. */
  RATE_LIMITED: { status: 429, shape: 'detail' },
  /** Something broke on our side; the body never says what. */
  INTERNAL: { status: 500, shape: 'detail' },
  /**
   * A dependency (the database, the file storage) is not answering or is overloaded: the
   * response carries `Retry-After`, and nothing was changed.
   */
  UNAVAILABLE: { status: 503, shape: 'detail' },
  /** The file storage has no room left (a full disk): nothing was stored. */
  STORAGE_FULL: { status: 507, shape: 'detail' },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Field-keyed messages, the Django-REST shape the contract's client reads. */
export type FieldErrors = Record<string, string[]>;

/** A failure the server reports to the caller in the contract's shape. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldErrors | undefined;
  /** Seconds until a retry can succeed: sent as `Retry-After` (429 and 503). */
  retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, fields?: FieldErrors) {
    // A 4xx is the caller's doing, an answer like any other: its stack, never read, would cost
    // more than the rest of the answer (V8 captures it at construction; the profile of a JSON 404:
    // decision 016, bench/RESULTS.md). A 5xx keeps its stack for the log.
    const stackTraceLimit = Error.stackTraceLimit;
    if (ERROR_CODES[code].status < 500) Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = 'AppError';
    this.code = code;
    this.fields = fields;
  }

  /** A 429 that says, in words and in `Retry-After`, when to try again. */
  static rateLimited(message: string, retryAfterSeconds: number): AppError {
    const error = new AppError('RATE_LIMITED', message);
    error.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return error;
  }

  /** A validation failure on one field. */
  static field(field: string, message: string): AppError {
    return new AppError('VALIDATION', message, { [field]: [message] });
  }

  get status(): number {
    return ERROR_CODES[this.code].status;
  }

  /** The response body of the contract for this error. */
  toBody(): Record<string, unknown> {
    const shape = ERROR_CODES[this.code].shape;
    if (shape === 'fields') return this.fields ?? { non_field_errors: [this.message] };
    if (shape === 'non_field') return { non_field_errors: [this.message] };
    if (shape === 'non_field_code') return { non_field_errors: [this.message], code: this.code };
    if (shape === 'payment') return { error: this.message, detail: this.message, code: this.code };
    return { detail: this.message, code: this.code };
  }
}

/**
 * A zod error's issues keyed by their first path segment, each message once: the contract's
 * validation body. Issues without a field go under `non_field_errors`.
 */
export function fieldErrorsOf(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = typeof issue.path[0] === 'string' ? issue.path[0] : 'non_field_errors';
    const list = (fields[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return fields;
}

/** Returns the code whose status matches, for bodies that arrive without one. */
export function errorCodeForStatus(status: number): ErrorCode {
  const found = (Object.keys(ERROR_CODES) as ErrorCode[]).find(
    (code) => ERROR_CODES[code].status === status,
  );
  return found ?? (status >= 500 ? 'INTERNAL' : 'INVALID');
}

/** Narrows a code read from a response body. */
export function isErrorCode(value: string): value is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERROR_CODES, value);
}
