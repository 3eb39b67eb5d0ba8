import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors } from '../../shared/errors';
import { ID_BEYOND_RANGE } from '../../shared/wire/primitives';

/**
 * The one place errors become responses, in the contract's shapes (ARCHITECTURE.md "API
 * contract"). A 5xx body never carries internals; the log line has them, with the request id.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(replyWithError);
}

/**
 * Answers one error in the contract's shape. Also Fastify's `frameworkErrors`: a path that is not
 * valid percent-encoded UTF-8 fails in the router, before any route or error handler is chosen.
 */
export function replyWithError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error);
  if (appError.status >= 500) {
    request.log.error({ err: error }, 'request failed');
  } else {
    // `errorCode`, not `code`: a field named code is redacted as a possible emailed code.
    request.log.info({ errorCode: appError.code, status: appError.status }, appError.message);
  }
  if (appError.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(appError.retryAfterSeconds));
  }
  return reply.status(appError.status).send(appError.toBody());
}

function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    // A path naming an id no row can have is a resource that is not there, as for any other id.
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
        // The body itself is missing or not an object: no field to name, and the schema's
        // wording ("expected object, received null") is not the contract's.
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
  // A multipart form over its limits (@fastify/multipart: too many parts, fields or files).
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
    return new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large.');
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return new AppError('INVALID', 'Unsupported content type.');
  }
  if (status === 429) return new AppError('RATE_LIMITED', 'Too many requests. Try again later.');
  if (status >= 400 && status < 500)
    return new AppError('INVALID', 'The request could not be read.');
  return new AppError('INTERNAL', 'Something went wrong on our side. Please try again.');
}

/** The mark `PathIdSchema` leaves on a well-formed id beyond any row's (the zod issue's params). */
function isIdBeyondRange(params: Record<string, unknown>): boolean {
  const custom = params.params;
  return (
    typeof custom === 'object' && custom !== null && Reflect.get(custom, ID_BEYOND_RANGE) === true
  );
}
