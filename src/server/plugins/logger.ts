import type { FastifyServerOptions } from 'fastify';

/**
 * Structured JSON logs with the request id on every line. Secrets never reach a line: the
 * authorization header and any field named like a password, token or code are redacted.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.token',
        '*.code',
        '*.new_password1',
        '*.new_password2',
        '*.old_password',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; id: string }) => ({
        method: request.method,
        // Query strings can carry an email address; the path is enough to trace a request.
        url: request.url.split('?')[0],
        id: request.id,
      }),
    },
  };
}
