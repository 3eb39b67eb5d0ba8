import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccruedQuerySchema,
  DocumentedTaskSchema,
  DocumentedTasksQuerySchema,
  AccruedResponseSchema,
  BadgesSchema,
  DashboardSchema,
  DashboardTableSchema,
  MonthQuerySchema,
  MonthValidationSchema,
  RuleSetChoiceSchema,
} from '../../../shared/progress/accrued.schema';
import {
  StandardsSwitchQuerySchema,
  StandardsSwitchSchema,
} from '../../../shared/progress/standards-switch.schema';
import {
  StartAskAnswerSchema,
  StartOfFieldworkSchema,
} from '../../../shared/contracts/start-of-fieldwork.schema';
import type { AppDeps } from '../../deps';
import {
  guard,
  requireAccount,
  requireActor,
  requireTrainee,
  type Actor,
} from '../../plugins/auth';
import * as supervisors from '../supervisors';
import * as service from './progress.service';
import * as standards from './standards.service';
import * as start from './start-of-fieldwork.service';

const tags = ['progress'];

/** Accrued totals and the month's requirement checks (SPEC §7 get-accrued, validate). */
export function progressRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  const traineeInView = (actor: Actor, traineeId: number | undefined) =>
    supervisors.traineeInView({ db, actor, now: deps.now() }, traineeId);
  // The trainee's own dashboards: read with the choice and the zone their token carries.
  const ownDashboard = (request: FastifyRequest) => {
    const trainee = requireTrainee(request);
    return {
      db,
      traineeId: trainee.id,
      ruleSet: requireAccount(request).ruleSet,
      timeZone: trainee.timeZone,
    };
  };

  return async (app) => {
    app.get(
      '/api/v1/get-accrued/',
      {
        onRequest: guard.user,
        schema: { tags, querystring: AccruedQuerySchema, response: { 200: AccruedResponseSchema } },
      },
      async (request) => {
        const { u_id: traineeId, from_date: from, to_date: to } = request.query;
        const actor = requireActor(request);
        const subject = await traineeInView(actor, traineeId);
        return service.getAccrued({
          db,
          traineeId: subject,
          range: { from, to },
          now: deps.now(),
          asker: actor,
        });
      },
    );

    app.get(
      '/api/v1/get-trainee-task/',
      {
        onRequest: guard.user,
        schema: {
          tags,
          querystring: DocumentedTasksQuerySchema,
          response: { 200: z.object({ results: z.array(DocumentedTaskSchema) }) },
        },
      },
      async (request) => {
        const subject = await traineeInView(requireActor(request), request.query.u_id);
        return {
          results: await service.listDocumentedTasks({
            db,
            traineeId: subject,
            month: request.query.month,
          }),
        };
      },
    );

    app.get(
      '/api/v1/dashboard-api/',
      { onRequest: guard.trainee, schema: { tags, response: { 200: DashboardSchema } } },
      async (request) =>
        service.getDashboard({
          ...ownDashboard(request),
          now: deps.now(),
        }),
    );

    app.get(
      '/api/v1/dashboard-table-api/',
      { onRequest: guard.trainee, schema: { tags, response: { 200: DashboardTableSchema } } },
      async (request, reply) => {
        // Kept figures are serialised once (by this route's own serialiser), then sent as text.
        const { table, json } = await service.getDashboardTable(
          { ...ownDashboard(request), now: deps.now() },
          (answer) => reply.serialize(answer) as string,
        );
        return reply
          .type('application/json; charset=utf-8')
          .serializer(() => json)
          .send(table);
      },
    );

    // The record under both sets before the 2027 switch: the trainee's own, or a linked trainee's.
    app.get(
      '/api/v1/standards-switch/',
      {
        onRequest: guard.user,
        schema: {
          tags,
          querystring: StandardsSwitchQuerySchema,
          response: { 200: StandardsSwitchSchema },
        },
      },
      async (request) =>
        standards.getStandardsSwitch({
          db,
          traineeId: await traineeInView(requireActor(request), request.query.u_id),
          now: deps.now(),
          asker: requireActor(request),
        }),
    );

    app.get(
      '/api/v1/badges-api/',
      { onRequest: guard.trainee, schema: { tags, response: { 200: BadgesSchema } } },
      async (request) =>
        service.getBadges({
          ...ownDashboard(request),
          now: deps.now(),
        }),
    );

    app.put(
      '/api/v1/rule-set/',
      {
        onRequest: guard.trainee,
        schema: { tags, body: RuleSetChoiceSchema, response: { 200: RuleSetChoiceSchema } },
      },
      async (request) => {
        await service.chooseRuleSet({
          db,
          actor: requireTrainee(request),
          ruleSet: request.body.rule_set,
        });
        return { rule_set: request.body.rule_set };
      },
    );

    // Issue 39: what decides whether the trainee's hours may count at all, and the one-time ask.
    app.get(
      '/api/v1/start-of-fieldwork/',
      { onRequest: guard.trainee, schema: { tags, response: { 200: StartOfFieldworkSchema } } },
      async (request) =>
        start.getStartOfFieldwork({ db, traineeId: requireTrainee(request).id, now: deps.now() }),
    );

    app.post(
      '/api/v1/start-of-fieldwork/ask/',
      {
        onRequest: guard.trainee,
        schema: { tags, body: StartAskAnswerSchema, response: { 200: StartOfFieldworkSchema } },
      },
      async (request) =>
        start.answerStartAsk({
          db,
          traineeId: requireTrainee(request).id,
          now: deps.now(),
          answer: request.body.answer,
        }),
    );

    app.get(
      '/api/v1/validate/',
      {
        onRequest: guard.trainee,
        schema: { tags, querystring: MonthQuerySchema, response: { 200: MonthValidationSchema } },
      },
      async (request) =>
        service.validateMonth({
          db,
          actor: requireTrainee(request),
          month: request.query.month,
          ruleSet: requireAccount(request).ruleSet,
          now: deps.now(),
        }),
    );
  };
}
