import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { FILE_TOO_LARGE_MESSAGE } from '../../../shared/files/file-content';
import { attachmentDisposition } from '../../adapters/storage/content-disposition';
import { limitBytes } from '../../adapters/storage/limit-bytes';
import { STORAGE_OBJECT_PATH } from '../../adapters/storage/signed-token';
import type { StoragePort } from '../../adapters/storage/storage.port';

const tags = ['files'];
const TokenQuerySchema = z.object({ token: z.string().min(1).max(4096) });
const LINK_INVALID = 'This link is not valid or has expired.';
const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', FILE_TOO_LARGE_MESSAGE);

/**
 * Every file served carries `attachment`, `nosniff` and a sandboxing CSP. The token alone
 * authorises, as a presigned URL does, so a browser can use the URL in an <img> or a plain PUT.
 */
export function storageObjectRoutes(storage: StoragePort, now: () => Date): FastifyPluginAsyncZod {
  return async (app) => {
    // Any body, of any declared type, stays an unread stream for the PUT handler (this plugin only).
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));

    app.get(
      STORAGE_OBJECT_PATH,
      { schema: { tags, querystring: TokenQuerySchema } },
      async (request, reply) => {
        const claims = await storage.readToken(request.query.token);
        if (claims?.op !== 'get') throw new AppError('FORBIDDEN', LINK_INVALID);
        const body = await storage.get(claims.key);
        if (!body) throw new AppError('NOT_FOUND', 'File not found.');
        const maxAge = Math.max(0, claims.exp - Math.ceil(now().getTime() / 1000));
        return reply
          .header('content-type', claims.type)
          .header('content-disposition', attachmentDisposition(claims.name))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', `private, max-age=${maxAge}`)
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(body);
      },
    );

    // S3 takes the picture's bytes itself (a presigned PUT): the app takes no uploads there.
    if (storage.kind !== 'folder') return;
    app.put(
      STORAGE_OBJECT_PATH,
      { schema: { tags, querystring: TokenQuerySchema } },
      async (request, reply) => {
        const claims = await storage.readToken(request.query.token);
        if (claims?.op !== 'put') throw new AppError('FORBIDDEN', LINK_INVALID);
        if (Number(request.headers['content-length'] ?? 0) > claims.max) {
          reply.header('connection', 'close');
          throw tooLarge();
        }
        // The rest of a refused body is never read: the connection closes after the answer.
        const body = limitBytes(
          request.raw.iterator({ destroyOnReturn: false }),
          claims.max,
          tooLarge,
        );
        try {
          await storage.put(claims.key, Readable.from(body), {
            contentType: 'application/octet-stream',
          });
        } catch (error) {
          reply.header('connection', 'close');
          throw error;
        }
        return reply.status(200).send();
      },
    );
  };
}
