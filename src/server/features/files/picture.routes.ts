import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UserSchema } from '../../../shared/accounts/account.schema';
import {
  PictureConfirmRequestSchema,
  PictureSignedUrlAnswerSchema,
  PictureSignedUrlRequestSchema,
} from '../../../shared/files/profile-picture.schema';
import { PathIdSchema } from '../../../shared/wire/primitives';
import type { AppDeps } from '../../deps';
import { guard, requireActor } from '../../plugins/auth';
import * as service from './picture.service';

const tags = ['files'];
const PictureParamsSchema = z.object({
  userId: PathIdSchema,
  name: z.string().regex(/^[0-9a-f-]{36}\.(png|jpg)$/),
});

/** The profile picture's three steps (SPEC §7 Profile), and the address pictures are shown at. */
export function pictureRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, storage } = deps;
  return async (app) => {
    app.post(
      '/users/upload/signed-url',
      {
        onRequest: guard.user,
        schema: {
          tags,
          body: PictureSignedUrlRequestSchema.optional(),
          response: { 200: PictureSignedUrlAnswerSchema },
        },
      },
      async (request) =>
        service.createPictureUploadUrl({
          db,
          storage,
          actor: requireActor(request),
          now: deps.now(),
          key: request.body?.key,
        }),
    );

    app.post(
      '/users/upload/picture',
      {
        onRequest: guard.user,
        schema: { tags, body: PictureConfirmRequestSchema, response: { 200: UserSchema } },
      },
      async (request) => {
        const { user, replacedKey } = await service.setProfilePicture({
          db,
          storage,
          actor: requireActor(request),
          now: deps.now(),
          key: request.body.key,
          log: request.log,
        });
        if (replacedKey) {
          await storage.delete(replacedKey).catch((error: unknown) => {
            request.log.error({ err: error }, 'could not remove a replaced profile picture');
          });
        }
        return user;
      },
    );

    // An <img> cannot send the sign-in header: the address itself is the secret (a random key,
    // served only while it is the user's picture), and it leads to a short-lived link.
    app.get(
      '/api/v1/users/picture/:userId/:name',
      { schema: { tags, params: PictureParamsSchema } },
      async (request, reply) => {
        const url = await service.pictureDownloadUrl({ db, storage, ...request.params });
        return reply.header('cache-control', 'private, max-age=300').redirect(url, 302);
      },
    );
  };
}
