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

let stdout: ReturnType<typeof destination> | undefined;

/**
 * Standard output, written in batches: a line is buffered until 8 KB are waiting or 200 ms
 * have passed, and what is left is written when the process exits. Two lines a request each
 * written at once cost a quarter of a small request's CPU time in the benchmark (bench/
 * PROFILE.md); a process killed outright loses at most the last 200 ms of lines.
 */
function bufferedStdout(): ReturnType<typeof destination> {
  if (stdout) return stdout;
  const stream = destination({ dest: 1, sync: true, minLength: 8 * 1024, periodicFlush: 200 });
  process.on('exit', () => stream.flushSync());
  stdout = stream;
  return stream;
}

/**
 * Structured JSON logs with the request id on every line. Secrets never reach a line: the
 * authorization header and any field named like a password, token or code are redacted, and
 * a failed query's values are cut from its error.
 * `stream` replaces standard output (tests read the lines).
 */
export function loggerOptions(
  level: string,
  stream?: FastifyLoggerOptions['stream'],
): LoggerOptions {
  return {
    level,
    stream: stream ?? bufferedStdout(),
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
