import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/errors';
import { API_PREFIXES } from '../../shared/wire/api-paths';
import { PRERENDERED_PAGES } from '../../shared/wire/prerendered-pages';

/** Files under `assets/` carry a content hash in their name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Falls back to index.html so a reload on a client route works. Compressed copies come from the
 * build (scripts/precompress.ts), prerendered pages from scripts/prerender.ts.
 */
export async function registerClient(app: FastifyInstance, clientDist: string): Promise<void> {
  const root = path.resolve(clientDist);
  const hasClient = existsSync(path.join(root, 'index.html'));
  const prerendered = new Map(
    [...PRERENDERED_PAGES].filter(([, file]) => hasClient && existsSync(path.join(root, file))),
  );
  if (hasClient) {
    const assets = `${path.sep}assets${path.sep}`;
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // A route per file, made at start (decision 014); preCompressed finds these itself.
      globIgnore: ['**/*.br', '**/*.gz'],
      // Set below: `send`'s own header (public, max-age=0) would replace ours.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', filePath.includes(assets) ? IMMUTABLE : 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some(
      (prefix) => pathname.startsWith(prefix) || `${pathname}/` === prefix,
    );
    if (isApi || request.method !== 'GET' || !hasClient) {
      const error = new AppError('NOT_FOUND', `No route ${request.method} ${pathname}`);
      return reply.status(404).send(error.toBody());
    }
    if (path.extname(pathname) !== '') {
      return reply.status(404).type('text/plain').send('Not found');
    }
    const page = request.url === pathname ? prerendered.get(pathname) : undefined;
    return reply.header('cache-control', 'no-cache').sendFile(page ?? 'index.html');
  });
}
