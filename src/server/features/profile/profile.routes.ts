import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TimeZoneRequestSchema, UserSchema } from '../../../shared/accounts/account.schema';
import {
  ProfileUpdateBodySchema,
  SupervisorProfileUpdateBodySchema,
} from '../../../shared/accounts/profile-update.schema';
import { IdParamsSchema } from '../../../shared/wire/primitives';
import type { AppDeps } from '../../deps';
import { guard, requireActor, requireSupervisor } from '../../plugins/auth';
import * as service from './profile.service';

const tags = ['profile'];

/** The signed-in person's profile (SPEC §7 Profile). */
export function profileRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/users/profile/',
      {
        onRequest: guard.user,
        schema: { tags, response: { 200: z.object({ results: z.array(UserSchema) }) } },
      },
      async (request) => {
        const user = await service.getProfile({ db, actor: requireActor(request) });
        return { results: [user] };
      },
    );

    app.put(
      '/users/profile/:id/',
      {
        onRequest: guard.user,
        schema: {
          tags,
          params: IdParamsSchema,
          body: ProfileUpdateBodySchema,
          response: { 200: UserSchema },
        },
      },
      async (request) =>
        service.updateProfile({
          db,
          actor: requireActor(request),
          userId: request.params.id,
          input: request.body,
          now: deps.now(),
        }),
    );

    // The signed-in person's own zone: reported by their browser, or chosen on the profile.
    app.put(
      '/api/v1/time-zone/',
      {
        onRequest: guard.user,
        schema: { tags, body: TimeZoneRequestSchema, response: { 200: UserSchema } },
      },
      async (request) =>
        service.setTimeZone({
          db,
          actor: requireActor(request),
          timeZone: request.body.time_zone,
        }),
    );

    app.put(
      '/users/supervisor/:id/',
      {
        onRequest: guard.supervisor,
        schema: {
          tags,
          params: IdParamsSchema,
          body: SupervisorProfileUpdateBodySchema,
          response: { 200: UserSchema },
        },
      },
      async (request) =>
        service.updateSupervisorProfile({
          db,
          actor: requireSupervisor(request),
          userId: request.params.id,
          input: request.body,
          now: deps.now(),
        }),
    );
  };
}
