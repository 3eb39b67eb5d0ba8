import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { guard } from '../../plugins/auth';
import * as repo from './content.repository';
import * as service from './content.service';

const tags = ['content'];
const LegalSchema = z.object({ results: z.array(z.object({ body: z.string() })) });
const NamedSchema = z.object({ id: z.number(), name: z.string() });
const results = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item) });
const TaskItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  version: z.enum(['v5', 'v6']),
  section: z.string(),
  section_title: z.string(),
});

/** Legal texts (public) and the reference lookups of SPEC §7 (signed-in users). */
export function contentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/modules/terms-and-conditions/',
      { schema: { tags, response: { 200: LegalSchema } } },
      async () => service.legalPage('terms'),
    );
    app.get(
      '/modules/privacy-policy/',
      { schema: { tags, response: { 200: LegalSchema } } },
      async () => service.legalPage('privacy'),
    );

    const lookups = [
      ['/api/v1/expereince-type/', repo.listExperienceTypes],
      ['/api/v1/setting/', repo.listSettings],
      ['/api/v1/method-supervision/', repo.listSupervisionMethods],
      ['/api/v1/client-observation/', repo.listClientObservations],
    ] as const;
    for (const [path, list] of lookups) {
      app.get(
        path,
        { onRequest: guard.user, schema: { tags, response: { 200: results(NamedSchema) } } },
        async () => ({ results: await list(db) }),
      );
    }

    app.get(
      '/api/v1/supervision-contact/',
      {
        onRequest: guard.user,
        schema: {
          tags,
          response: {
            200: results(
              z.object({ id: z.number(), contact: z.string(), counts_as_contact: z.boolean() }),
            ),
          },
        },
      },
      async () => ({
        results: (await repo.listSupervisionContacts(db)).map((row) => ({
          id: row.id,
          contact: row.contact,
          counts_as_contact: row.countsAsContact,
        })),
      }),
    );

    app.get(
      '/api/v1/task/',
      {
        onRequest: guard.user,
        schema: {
          tags,
          querystring: z.object({ version: z.enum(['v6', 'v5']).default('v6') }),
          response: { 200: results(TaskItemSchema) },
        },
      },
      async (request) => ({ results: await service.listTaskItems(db, request.query.version) }),
    );
  };
}
