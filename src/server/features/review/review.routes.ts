import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ExperienceLogSchema } from '../../../shared/logs/experience-log.schema';
import {
  BulkApproveResultSchema,
  SupervisorSummarySchema,
  BulkApproveRequestSchema,
  DatesQuerySchema,
  DatesResponseSchema,
  FlagLogRequestSchema,
  InvitationRequestSchema,
  LinkedTraineeSchema,
  LogIdRequestSchema,
  MonthSignoffRequestSchema,
  MonthStateSchema,
  REVIEW_MESSAGES,
  TraineeIdRequestSchema,
} from '../../../shared/review/review.schema';
import { AppError } from '../../../shared/errors';
import { IdSchema, REQUIRED } from '../../../shared/wire/primitives';
import type { AppDeps } from '../../deps';
import { guard, requireActor, requireSupervisor, requireTrainee } from '../../plugins/auth';
import { consumeRateLimit } from '../../plugins/rate-limit';
import { assertLinkedTrainee } from '../supervisors';
import * as digest from './review-digest.service';
import * as signoff from './review-signoff.service';
import * as service from './review.service';

const tags = ['review'];
const MsgSchema = z.object({ msg: z.string() });

/** The supervisor's review, linking and sign-off routes (SPEC §7), and the digest opt-out. */
export function reviewRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, mailer, config } = deps;
  const supervisorCtx = (request: Parameters<typeof requireSupervisor>[0]) => ({
    db,
    actor: requireSupervisor(request),
    now: deps.now(),
  });

  return async (app) => {
    app.post(
      '/api/v1/send-supervisor-invitation/',
      {
        onRequest: guard.trainee,
        schema: { tags, body: InvitationRequestSchema, response: { 200: MsgSchema } },
      },
      async (request) => {
        const actor = requireTrainee(request);
        await consumeRateLimit(
          db,
          `invite:${actor.id}`,
          { limit: 20, windowSeconds: 3600 },
          deps.now(),
        );
        await service.sendInvitation({
          db,
          actor,
          now: deps.now(),
          mailer,
          appUrl: config.APP_URL,
          email: request.body.supervisor_email,
        });
        return { msg: REVIEW_MESSAGES.invited };
      },
    );

    app.get(
      '/api/v1/all-trainee/',
      {
        onRequest: guard.supervisor,
        schema: { tags, response: { 200: z.object({ results: z.array(LinkedTraineeSchema) }) } },
      },
      async (request) => ({ results: await service.listTrainees(supervisorCtx(request)) }),
    );

    app.get(
      '/api/v1/get-supervisor/',
      {
        onRequest: guard.supervisor,
        schema: {
          tags,
          response: {
            200: SupervisorSummarySchema,
          },
        },
      },
      async (request) => {
        const ctx = supervisorCtx(request);
        const trainees = (await service.listTrainees(ctx)).filter((trainee) => !trainee.is_removed);
        return {
          id: ctx.actor.id,
          name: ctx.actor.name,
          email: ctx.actor.email,
          trainees: trainees.length,
          pending_logs: trainees.reduce((sum, trainee) => sum + trainee.pending_logs, 0),
          flagged_logs: trainees.reduce((sum, trainee) => sum + trainee.flagged_logs, 0),
        };
      },
    );

    app.post(
      '/api/v1/remove-user/',
      {
        onRequest: guard.supervisor,
        schema: { tags, body: TraineeIdRequestSchema, response: { 200: MsgSchema } },
      },
      async (request) => {
        await service.removeTrainee({ ...supervisorCtx(request), traineeId: request.body.u_id });
        return { msg: REVIEW_MESSAGES.removed };
      },
    );

    app.post(
      '/api/v1/restore-user/',
      {
        onRequest: guard.supervisor,
        schema: { tags, body: TraineeIdRequestSchema, response: { 200: MsgSchema } },
      },
      async (request) => {
        await service.restoreTrainee({ ...supervisorCtx(request), traineeId: request.body.u_id });
        return { msg: REVIEW_MESSAGES.restored };
      },
    );

    app.get(
      '/api/v1/get-dates/',
      {
        onRequest: guard.supervisor,
        schema: { tags, querystring: DatesQuerySchema, response: { 200: DatesResponseSchema } },
      },
      async (request) =>
        service.getDates({
          ...supervisorCtx(request),
          from: request.query.start_date,
          to: request.query.end_date,
          status: request.query.status,
        }),
    );

    app.post(
      '/api/v1/flag-log/',
      {
        onRequest: guard.supervisor,
        schema: { tags, body: FlagLogRequestSchema, response: { 200: MsgSchema } },
      },
      async (request) => {
        const outcome = await service.reviewLog({
          ...supervisorCtx(request),
          mailer,
          appUrl: config.APP_URL,
          request: request.body,
        });
        return { msg: outcome === 'approved' ? REVIEW_MESSAGES.approved : REVIEW_MESSAGES.flagged };
      },
    );

    app.post(
      '/api/v1/approve-logs/',
      {
        onRequest: guard.supervisor,
        schema: {
          tags,
          body: BulkApproveRequestSchema,
          response: {
            200: BulkApproveResultSchema,
          },
        },
      },
      async (request) => {
        const result = await service.approveMany({
          ...supervisorCtx(request),
          traineeId: request.body.u_id,
          logIds: request.body.log_ids,
        });
        return {
          msg: `Approved ${result.approved.length} log${result.approved.length === 1 ? '' : 's'}`,
          ...result,
        };
      },
    );

    app.post(
      '/api/v1/reopen-log/',
      {
        onRequest: guard.supervisor,
        schema: { tags, body: LogIdRequestSchema, response: { 200: ExperienceLogSchema } },
      },
      async (request) =>
        service.reopenLog({ ...supervisorCtx(request), logId: request.body.log_id }),
    );

    app.get(
      '/api/v1/month-signoff/',
      {
        onRequest: guard.user,
        schema: {
          tags,
          querystring: z.object({ u_id: IdSchema.optional() }),
          response: { 200: z.object({ results: z.array(MonthStateSchema) }) },
        },
      },
      async (request) => {
        const actor = requireActor(request);
        if (!actor.isSupervisor) {
          if (request.query.u_id !== undefined && request.query.u_id !== actor.id)
            throw new AppError('NOT_FOUND', 'Trainee not found');
          return {
            results: await signoff.listMonthStates({ db, traineeId: actor.id, supervisorId: null }),
          };
        }
        const traineeId = request.query.u_id;
        if (traineeId === undefined) throw AppError.field('u_id', REQUIRED);
        await assertLinkedTrainee({ db, actor, now: deps.now() }, traineeId);
        return {
          results: await signoff.listMonthStates({ db, traineeId, supervisorId: actor.id }),
        };
      },
    );

    app.post(
      '/api/v1/month-signoff/',
      {
        onRequest: guard.supervisor,
        schema: { tags, body: MonthSignoffRequestSchema, response: { 200: MsgSchema } },
      },
      async (request) => {
        await signoff.signMonth({
          ...supervisorCtx(request),
          traineeId: request.body.u_id,
          month: request.body.month,
        });
        return { msg: 'Month signed off' };
      },
    );

    app.post(
      '/api/v1/month-signoff/reopen/',
      {
        onRequest: guard.supervisor,
        schema: { tags, body: MonthSignoffRequestSchema, response: { 200: MsgSchema } },
      },
      async (request) => {
        await signoff.reopenMonth({
          ...supervisorCtx(request),
          traineeId: request.body.u_id,
          month: request.body.month,
        });
        return { msg: 'Month reopened' };
      },
    );

    // The digest's unsubscribe link (GET from a mail client) and its one-click form (POST, RFC 8058).
    const UnsubscribeQuery = z.object({
      u: IdSchema,
      token: z.string().regex(/^[a-f0-9]{48}$/),
    });
    const unsubscribe = async (query: z.infer<typeof UnsubscribeQuery>) =>
      digest.unsubscribeFromDigest({
        db,
        supervisorId: query.u,
        token: query.token,
        now: deps.now(),
      });
    app.get(
      '/api/v1/digest/unsubscribe/',
      { schema: { tags, querystring: UnsubscribeQuery } },
      async (request, reply) => {
        const isDone = await unsubscribe(request.query);
        return reply
          .type('text/html; charset=utf-8')
          .status(isDone ? 200 : 404)
          .send(unsubscribePage(isDone, config.APP_URL));
      },
    );
    app.post(
      '/api/v1/digest/unsubscribe/',
      { schema: { tags, querystring: UnsubscribeQuery } },
      async (request) => {
        if (!(await unsubscribe(request.query)))
          throw new AppError('NOT_FOUND', 'This unsubscribe link is no longer valid.');
        return { msg: 'Unsubscribed from digests' };
      },
    );
  };
}

function unsubscribePage(isDone: boolean, appUrl: string): string {
  const message = isDone
    ? 'You will no longer receive the daily digest of logs waiting for review. Logs still appear in Pending logs.'
    : 'This unsubscribe link is no longer valid. Use the link in your most recent digest.';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Fieldwork Tracker</title></head><body style="font-family:Arial,sans-serif;max-width:560px;margin:48px auto;padding:0 16px;color:#1f2a37"><h1 style="font-size:22px">${isDone ? 'Unsubscribed' : 'Link expired'}</h1><p>${message}</p><p><a href="${appUrl}/">Open Fieldwork Tracker</a></p></body></html>`;
}
