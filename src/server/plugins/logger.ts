import type { FastifyLoggerOptions, FastifyServerOptions } from 'fastify';
import { destination, stdSerializers } from 'pino';

export type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

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

/** A calendar feed's token is its only key (calendar apps send no header). */
const SECRET_SEGMENTS = /(\/api\/v1\/calendar\/)[^/\s?#]+/g;

export function redactPaths(text: string): string {
  return text.replace(SECRET_SEGMENTS, `$1${CENSOR}`);
}

const REDACT_DEPTH = 2;

const SERIALIZED = new Set(['req', 'res', 'err']);

function isPlain(value: unknown): value is Record<string, unknown> | unknown[] {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Copies only what it cuts; the caller's objects are never changed. */
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
 * Our own walk, not pino's wildcard `redact`, which cost every request CPU (decision 016).
 * Child bindings are not walked: never bind a secret-carrying object to a child logger.
 */
const redactLogObject = (object: Record<string, unknown>) =>
  redactSecrets(object, REDACT_DEPTH, SERIALIZED);

type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** drizzle puts a failed query's parameters (hashes, emails) in the message, stack and `params`. */
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

/** Batched: unbuffered writes cost a small request much CPU; a kill loses at most 200 ms. */
function bufferedStdout(): ReturnType<typeof destination> {
  if (stdout) return stdout;
  const stream = destination({ dest: 1, sync: true, minLength: 8 * 1024, periodicFlush: 200 });
  process.on('exit', () => stream.flushSync());
  stdout = stream;
  return stream;
}

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
        // Query strings can carry an email address.
        url: request.url === undefined ? undefined : redactPaths(request.url.split('?')[0] ?? ''),
        id: request.id,
      }),
    },
  };
}
