import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isFolderStorage } from '../../adapters/storage/folder';
import type { AppDeps } from '../../deps';
import { storageObjectRoutes } from './storage-object.routes';

/** Record files, profile pictures and the folder storage's signed URLs (SPEC §7 Files). */
export function filesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    if (isFolderStorage(deps.storage)) {
      await app.register(storageObjectRoutes(deps.storage, deps.now));
    }
  };
}
