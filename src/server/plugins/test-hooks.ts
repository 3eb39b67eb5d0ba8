import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { EmailSchema, SignupRequestSchema, UserSchema } from '../../shared/accounts/account.schema';
import { CouponDefinitionSchema, type CouponDefinition } from '../../shared/billing/coupon';
import { AppError } from '../../shared/errors';
import type { Db } from '../db/client';
import { userSubscriptions, users } from '../db/schema';
import {
  insertAccount,
  issueSession,
  markMailboxProven,
  userView,
} from '../features/accounts/accounts.service';
import { createCoupon } from '../features/billing/billing.service';
import { clientInfoOf } from '../features/accounts';
import { insertAccepted } from '../features/supervisors';
import * as supervisorRecords from '../features/supervisors/supervisors.repository';
import type { ScheduledJob } from '../jobs/scheduled-jobs';
import { isTestSuiteRequest } from './test-clock';
import { armPausePoint, PAUSE_POINTS, reachedPausePoints } from './pause-points';

/**
 * E2E-only routes (TEST_HOOKS=true, NODE_ENV=test, local requests: issues 27, 29, 36, decision
 * 027). Only billing instants are moved; the jobs and rules that then run are the product's own.
 */
export function testHooksRoutes(
  db: Db,
  jobs: ScheduledJob[],
  now: () => Date,
  trustProxy: boolean,
): FastifyPluginAsyncZod {
  return async (app) => {
    // Anyone else is answered as if the routes did not exist.
    app.addHook('onRequest', async (request) => {
      if (!isTestSuiteRequest(request, trustProxy)) {
        throw new AppError('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`);
      }
    });

    app.post(
      '/api/test/travel',
      {
        schema: {
          hide: true,
          body: z.object({ email: z.string(), days: z.number().int().min(1).max(3650) }),
          response: { 200: z.object({ moved: z.literal(true) }) },
        },
      },
      async (request) => {
        await travel(db, request.body.email, request.body.days);
        return { moved: true as const };
      },
    );

    app.post(
      '/api/test/run-jobs',
      {
        schema: {
          hide: true,
          response: { 200: z.record(z.string(), z.number()) },
        },
      },
      async () => {
        const done: Record<string, number> = {};
        for (const job of jobs) done[job.name] = await job.run(now());
        return done;
      },
    );

    app.post(
      '/api/test/pause-point',
      {
        schema: {
          hide: true,
          body: z.object({ point: z.enum(PAUSE_POINTS) }),
          response: { 200: z.object({ armed: z.literal(true) }) },
        },
      },
      async (request) => {
        armPausePoint(request.body.point);
        return { armed: true as const };
      },
    );

    // Touches no database: it answers while a request holds a transaction at a pause point.
    app.get(
      '/api/test/pause-point',
      {
        schema: {
          hide: true,
          response: { 200: z.object({ reached: z.array(z.enum(PAUSE_POINTS)) }) },
        },
      },
      async () => ({ reached: reachedPausePoints() }),
    );

    // Sign-up's own rows plus what the emailed code would do; the real link path asks (issue 36).
    app.post(
      '/api/test/accounts',
      {
        schema: {
          hide: true,
          body: TestAccountBodySchema,
          response: { 201: TestAccountResponseSchema },
        },
      },
      async (request, reply) => {
        const { account: input, supervisor_email: supervisorEmail } = request.body;
        const at = now();
        const client = clientInfoOf(request);
        if (supervisorEmail !== undefined && input.is_supervisor) {
          throw AppError.field('supervisor_email', 'Only a trainee lists a supervisor.');
        }
        const supervisorId =
          supervisorEmail === undefined
            ? null
            : await supervisorRecords.findSupervisorAccountId(db, supervisorEmail);
        if (supervisorEmail !== undefined && supervisorId === null) {
          throw AppError.field('supervisor_email', 'No verified supervisor has this email.');
        }
        const user = await insertAccount({ db, input, now: at, client });
        await markMailboxProven(db, user, at);
        let supervisorRecord: number | null = null;
        if (supervisorEmail !== undefined) {
          const supervisor = await userView(db, supervisorId!);
          const [first = supervisor.name, ...rest] = supervisor.name.split(' ');
          const row = await supervisorRecords.insert(db, {
            traineeId: user.id,
            name: first,
            lastname: rest.join(' ') || first,
            email: supervisorEmail,
            supervisorUserId: supervisorId,
          });
          if (row && supervisorId !== null) {
            await insertAccepted(db, {
              traineeId: user.id,
              supervisorUserId: supervisorId,
              recordId: row.id,
              now: at,
            });
          }
          supervisorRecord = row?.id ?? null;
        }
        const token = await issueSession(db, user.id, at, client);
        return reply.status(201).send({
          token,
          user: await userView(db, user.id),
          supervisor_record: supervisorRecord,
        });
      },
    );

    app.post(
      '/api/test/coupon',
      {
        schema: {
          hide: true,
          body: TestCouponBodySchema,
          response: { 201: z.object({ code: z.string() }) },
        },
      },
      async (request, reply) => {
        const coupon = await createCoupon({ db, definition: couponDefinitionOf(request.body) });
        return reply.status(201).send({ code: coupon.code });
      },
    );
  };
}

const TestAccountBodySchema = z.object({
  account: SignupRequestSchema,
  supervisor_email: EmailSchema.optional(),
});

const TestAccountResponseSchema = z.object({
  token: z.string(),
  user: UserSchema,
  supervisor_record: z.number().nullable(),
});

const TestCouponBodySchema = z.object({
  code: z.string(),
  percent_off: z.number().int().nullable().default(null),
  amount_off: z.number().int().nullable().default(null),
  valid_from: z.string().nullable().default(null),
  valid_until: z.string().nullable().default(null),
  max_uses: z.number().int().nullable().default(null),
});

/** The command line's schema, so both refuse the same coupons. */
function couponDefinitionOf(body: z.infer<typeof TestCouponBodySchema>): CouponDefinition {
  const parsed = CouponDefinitionSchema.safeParse({
    code: body.code,
    percentOff: body.percent_off,
    amountOffCents: body.amount_off,
    validFrom: body.valid_from,
    validUntil: body.valid_until,
    maxUses: body.max_uses,
  });
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'non_field_errors');
    (fields[field] ??= []).push(issue.message);
  }
  throw new AppError('VALIDATION', parsed.error.issues[0]?.message ?? 'Not a coupon', fields);
}

async function travel(db: Db, email: string, days: number): Promise<void> {
  const back = (column: unknown) => sql`${column} - make_interval(days => ${days})`;
  await db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ dateJoined: back(users.dateJoined) })
      .where(eq(users.email, email.trim().toLowerCase()))
      .returning({ id: users.id });
    if (!user) throw new AppError('NOT_FOUND', 'No such account.');
    await tx
      .update(userSubscriptions)
      .set({
        periodStart: back(userSubscriptions.periodStart),
        expiry: back(userSubscriptions.expiry),
        trialUsedAt: back(userSubscriptions.trialUsedAt),
        canceledAt: back(userSubscriptions.canceledAt),
        nextAttemptAt: back(userSubscriptions.nextAttemptAt),
      })
      .where(eq(userSubscriptions.traineeId, user.id));
  });
}
