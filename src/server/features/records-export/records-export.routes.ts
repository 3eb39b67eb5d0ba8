import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WHOLE_RECORD_PATH } from '../../../shared/records-export/whole-record';
import { attachmentDisposition } from '../../adapters/storage/content-disposition';
import type { AppDeps } from '../../deps';
import { guard, requireActor } from '../../plugins/auth';
import { consumeRateLimit, RATE_LIMITS } from '../../plugins/rate-limit';
import { exportAccountRecord } from './records-export.service';

const tags = ['records-export'];

export { WHOLE_RECORD_PATH };

/** The signed-in person's whole record, as one zip (records-export.service.ts). */
export function recordsExportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, storage, now } = deps;
  return async (app) => {
    app.get(
      WHOLE_RECORD_PATH,
      { onRequest: guard.user, schema: { tags } },
      async (request, reply) => {
        // Always the caller's own record: nothing in the request names an account.
        const account = { id: requireActor(request).id };
        await consumeRateLimit(db, `whole-record:${account.id}`, RATE_LIMITS.wholeRecord, now());
        const { output, fileName } = await exportAccountRecord({
          db,
          storage,
          now: now(),
          account,
        });
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', attachmentDisposition(fileName))
          .header('cache-control', 'no-store')
          .send(output);
      },
    );
  };
}
