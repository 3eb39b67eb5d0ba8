import type { FastifyLoggerOptions, FastifyServerOptions } from 'fastify';
import { destination, stdSerializers } from 'pino';

/** The logger settings Fastify takes (its own and pino's). */
export type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Field names whose values are secrets: passwords, sign-in tokens and emailed codes. */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'password',
  'token',
  'code',
  'new_password1',
  'new_password2',
  'old_password',
];

/**
 * Where secrets are cut from a log line: at the top level of the logged object and two levels
 * down (`{ body: { password } }`, `{ req: { headers: { authorization } } }`), since redaction
 * paths do not recurse.
 */
export const REDACTED_PATHS = SECRET_FIELDS.flatMap((field) => [
  field,
  `*.${field}`,
  `*.*.${field}`,
]);

type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

/**
 * Errors as pino writes them, minus the values of a failed query: drizzle puts its parameters
 * (password and token hashes, emails) into the message and the stack, and onto `params`.
 */
export function serializeError(error: Error): SerializedError {
  const { params: _params, ...serialized } = stdSerializers.err(error);
  const leaked: string[] = [];
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if ('params' in cause && Array.isArray(cause.params) && cause.params.length > 0) {
      leaked.push(`params: ${String(cause.params)}`);
    }
  }
  const scrub = (text: string) =>
    leaked.reduce((out, values) => out.split(values).join('params: [redacted]'), text);
  return { ...serialized, message: scrub(serialized.message), stack: scrub(serialized.stack) };
}

/**
 * Structured JSON logs with the request id on every line. Secrets never reach a line: the
 * authorization header and any field named like a password, token or code are redacted, and
 * a failed query's values are cut from its error.
 * `stream` replaces standard output (tests read the lines). Standard output is written
 * asynchronously: a request never waits on a write(2) of its two lines (under load they go out
 * in batches), and pino flushes what is left when the process exits.
 */
export function loggerOptions(
  level: string,
  stream?: FastifyLoggerOptions['stream'],
): LoggerOptions {
  return {
    level,
    stream: stream ?? destination({ dest: 1, sync: false }),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      err: serializeError,
      req: (request: { method?: string; url?: string; id?: string }) => ({
        method: request.method,
        // Query strings can carry an email address; the path is enough to trace a request.
        url: request.url?.split('?')[0],
        id: request.id,
      }),
    },
  };
}
