import type { FastifyLoggerOptions, FastifyServerOptions } from 'fastify';
import { destination, stdSerializers } from 'pino';

/** The logger settings Fastify takes (its own and pino's). */
export type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Field names whose values are secrets: passwords, sign-in tokens and emailed codes. */
const SECRET_FIELDS = new Set([
  'authorization',
  'cookie',
  'password',
  'token',
  'code',
  'new_password1',
  'new_password2',
  'old_password',
]);

const CENSOR = '[redacted]';

/**
 * Path segments that are credentials: a calendar feed's token is its only key (calendar apps
 * send no header), so a line that showed it would hand the feed to whoever reads the log.
 */
const SECRET_SEGMENTS = /(\/api\/v1\/calendar\/)[^/\s?#]+/g;

/** Text (a path, a message naming one) as a log line may show it: credentials `[redacted]`. */
export function redactPaths(text: string): string {
  return text.replace(SECRET_SEGMENTS, `$1${CENSOR}`);
}

/** How far down a logged object secrets are looked for: the top level and two levels down. */
const REDACT_DEPTH = 2;

/** The fields whose serializers write only safe values (method, path, id; status; the error). */
const SERIALIZED = new Set(['req', 'res', 'err']);

function isPlain(value: unknown): value is Record<string, unknown> | unknown[] {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * `value` with every secret-named field's value replaced by `[redacted]`, at the top level and
 * two levels down (`{ body: { password } }`, `{ req: { headers: { authorization } } }`). Objects
 * with nothing to cut are returned as they are; the caller's objects are never changed.
 * `skip` names top-level fields left to their serializers.
 */
export function redactSecrets<T>(value: T, depth = REDACT_DEPTH, skip?: Set<string>): T {
  if (!isPlain(value)) return value;
  let copy: Record<string, unknown> | unknown[] | undefined;
  const source = value as Record<string, unknown>;
  for (const key in source) {
    if (!Object.prototype.hasOwnProperty.call(source, key) || skip?.has(key)) continue;
    const field = source[key];
    let cut = field;
    if (SECRET_FIELDS.has(key.toLowerCase())) cut = CENSOR;
    else if (depth > 0 && isPlain(field)) cut = redactSecrets(field, depth - 1);
    if (cut !== field) {
      copy ??= Array.isArray(value) ? [...value] : { ...source };
      (copy as Record<string, unknown>)[key] = cut;
    }
  }
  return (copy ?? value) as T;
}

/*
 * Redaction by a walk of our own rather than pino's `redact` paths: with a wildcard path pino
 * runs every field of every line (and each request's bindings, and the message) through its
 * redactor, a share of every request's CPU time (decision 016, bench/RESULTS.md). The request
 * lines carry only their serializers' fields, which hold no secrets and are not walked. A child
 * logger's bindings are not walked (pino formats only the root's): the only child is Fastify's
 * per-request one, `{ reqId }`; never bind a secret-carrying object to a child.
 */
const redactLogObject = (object: Record<string, unknown>) =>
  redactSecrets(object, REDACT_DEPTH, SERIALIZED);

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
  return redactSecrets({
    ...serialized,
    message: scrub(serialized.message),
    stack: scrub(serialized.stack),
  });
}

let stdout: ReturnType<typeof destination> | undefined;

/**
 * Standard output, written in batches: a line is buffered until 8 KB are waiting or 200 ms
 * have passed, and what is left is written when the process exits. Two lines a request each
 * written at once were a large share of a small request's CPU time in the benchmark's
 * profiles; a process killed outright loses at most the last 200 ms of lines.
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
    formatters: { log: redactLogObject },
    serializers: {
      err: serializeError,
      req: (request: { method?: string; url?: string; id?: string }) => ({
        method: request.method,
        // Query strings can carry an email address; the path is enough to trace a request.
        url: request.url === undefined ? undefined : redactPaths(request.url.split('?')[0] ?? ''),
        id: request.id,
      }),
    },
  };
}
