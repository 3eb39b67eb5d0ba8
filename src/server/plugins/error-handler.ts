import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors } from '../../shared/errors';
import { ID_BEYOND_RANGE } from '../../shared/wire/primitives';

/** docs/architecture.md "API contract". A 5xx body never carries internals; the log has them. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(replyWithError);
}

/** Also `frameworkErrors`: bad percent-encoding fails in the router, before any handler. */
export function replyWithError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error);
  if (appError.status >= 500) {
    request.log.error({ err: error }, 'request failed');
  } else {
    request.log.info({ errorCode: appError.code, status: appError.status }, appError.message);
  }
  if (appError.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(appError.retryAfterSeconds));
  } else if (appError.status === 503) {
    // Every 503 is a passing state: say when to come back.
    reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  }
  return reply.status(appError.status).send(appError.toBody());
}

export const RETRY_AFTER_SECONDS = 5;

export const DATABASE_DOWN = 'The database is not answering right now; try again shortly.';
export const DATABASE_BUSY = 'The server is too busy to answer right now; try again shortly.';

// Shutdowns, too many connections; 57014 is statement_timeout.
const DOWN_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const BUSY_STATES = new Set(['57014']);
const DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN']);
const DOWN_MESSAGES = /^(Connection terminated|Client has encountered a connection error)/;
const BUSY_MESSAGES = /^(timeout exceeded when trying to connect|Query read timeout)/;

/** Searches the `cause` chain: drizzle wraps the driver's error. */
export function databaseFault(error: unknown): AppError | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    const code = Reflect.get(cause, 'code');
    if (typeof code === 'string' && code.startsWith('08')) return unavailable(DATABASE_DOWN);
    if (DOWN_STATES.has(String(code)) || DOWN_CODES.has(String(code))) {
      return unavailable(DATABASE_DOWN);
    }
    if (DOWN_MESSAGES.test(cause.message)) return unavailable(DATABASE_DOWN);
    if (BUSY_STATES.has(String(code)) || BUSY_MESSAGES.test(cause.message)) {
      return unavailable(DATABASE_BUSY);
    }
    cause = cause.cause;
  }
  return undefined;
}

const unavailable = (message: string) => new AppError('UNAVAILABLE', message);

function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    if (
      error.validationContext === 'params' &&
      error.validation.every((issue) => isIdBeyondRange(issue.params))
    ) {
      return new AppError('NOT_FOUND', 'Not found.');
    }
    const fields: FieldErrors = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').split('/')[0];
      if (!field && issue.keyword === 'invalid_type') {
        // No field to name, and zod's wording is not the contract's.
        return new AppError('INVALID', 'The request body must be a JSON object.');
      }
      (fields[field || 'non_field_errors'] ??= []).push(issue.message ?? 'Invalid value');
    }
    return new AppError('VALIDATION', 'Invalid input', fields);
  }
  const status = error.statusCode ?? 500;
  if (
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
  ) {
    return new AppError('INVALID', 'The request body is not valid JSON.');
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
    return new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large.');
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return new AppError('INVALID', 'Unsupported content type.');
  }
  if (status === 429) return new AppError('RATE_LIMITED', 'Too many requests. Try again later.');
  if (status >= 400 && status < 500)
    return new AppError('INVALID', 'The request could not be read.');
  const fault = databaseFault(error);
  if (fault) return fault;
  return new AppError('INTERNAL', 'Something went wrong on our side. Please try again.');
}

/** The mark `PathIdSchema` leaves on a well-formed id beyond any row's. */
function isIdBeyondRange(params: Record<string, unknown>): boolean {
  const custom = params.params;
  return (
    typeof custom === 'object' && custom !== null && Reflect.get(custom, ID_BEYOND_RANGE) === true
  );
}
