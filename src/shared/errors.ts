/** The API contract's error codes and statuses: one map for the server's handler and ApiError. */
export const ERROR_CODES = {
  /** The body, query or params failed validation: 400 with `{ field: [message] }`. */
  VALIDATION: { status: 400, shape: 'fields' },
  /** A rule the request breaks that is not tied to one field: 400 `{ non_field_errors }`. */
  INVALID: { status: 400, shape: 'non_field' },
  UNAUTHENTICATED: { status: 401, shape: 'detail' },
  FORBIDDEN: { status: 403, shape: 'detail' },
  /** Missing, or not visible to the person asking (never say which). */
  NOT_FOUND: { status: 404, shape: 'detail' },
  CONFLICT: { status: 409, shape: 'detail' },
  // A declined card: `error` carries the provider's message, which the contract's client toasts
  // (SPEC §4 "Payments"); ours reads `detail`.
  PAYMENT_FAILED: { status: 402, shape: 'payment' },
  // Trial or subscription run out: `detail` is the dialog's message (SPEC §8). Reading and
  // downloading stay open (BACB-RULES.md).
  SUBSCRIPTION_REQUIRED: { status: 402, shape: 'detail' },
  /** A billing request the subscription's state forbids (already subscribed, nothing to cancel). */
  BILLING_CONFLICT: { status: 409, shape: 'payment' },
  PAYLOAD_TOO_LARGE: { status: 413, shape: 'detail' },
  // Why an official form could not be filled (decision 012), so the client can help without
  // reading the message's words; a 400 keeps `non_field_errors` and adds `code`.
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
  /** An F-FVF's period holds a month without hours: a break starts a new experience (issue 38). */
  FORM_PERIOD_BREAK: { status: 400, shape: 'non_field_code' },
  RATE_LIMITED: { status: 429, shape: 'detail' },
  /** Something broke on our side; the body never says what. */
  INTERNAL: { status: 500, shape: 'detail' },
  /** The database or file storage is down or overloaded: `Retry-After` is set, nothing changed. */
  UNAVAILABLE: { status: 503, shape: 'detail' },
  /** The file storage has no room left (a full disk): nothing was stored. */
  STORAGE_FULL: { status: 507, shape: 'detail' },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Field-keyed messages, the Django-REST shape the contract's client reads. */
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldErrors | undefined;
  /** Seconds until a retry can succeed: sent as `Retry-After` (429 and 503). */
  retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, fields?: FieldErrors) {
    // A 4xx is an ordinary answer: its never-read stack would cost more than the rest of it (V8
    // captures it at construction; decision 016, bench/RESULTS.md). A 5xx keeps it for the log.
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

  static field(field: string, message: string): AppError {
    return new AppError('VALIDATION', message, { [field]: [message] });
  }

  get status(): number {
    return ERROR_CODES[this.code].status;
  }

  toBody(): Record<string, unknown> {
    const shape = ERROR_CODES[this.code].shape;
    if (shape === 'fields') return this.fields ?? { non_field_errors: [this.message] };
    if (shape === 'non_field') return { non_field_errors: [this.message] };
    if (shape === 'non_field_code') return { non_field_errors: [this.message], code: this.code };
    if (shape === 'payment') return { error: this.message, detail: this.message, code: this.code };
    return { detail: this.message, code: this.code };
  }
}

/** A zod error's messages by first path segment, each once; field-less ones as `non_field_errors`. */
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

export function isErrorCode(value: string): value is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERROR_CODES, value);
}
