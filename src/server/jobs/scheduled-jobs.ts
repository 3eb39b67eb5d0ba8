import type { FastifyInstance } from 'fastify';
import type { PaymentsPort } from '../adapters/payments/payments.port';
import type { AppDeps } from '../deps';
import { RENEWAL_INTERVAL_MINUTES, runRenewals } from '../features/billing/billing-renewal.service';
import {
  sendAccessWarnings,
  WARNING_INTERVAL_MINUTES,
} from '../features/billing/billing-warnings.service';
import { pricesFromConfig } from '../features/billing/billing.wire';
import {
  REMINDER_INTERVAL_MINUTES,
  sendFormReminders,
} from '../features/forms/reminders/reminders.service';
import { sweepStorage, SWEEP_INTERVAL_MINUTES } from '../features/files/storage-sweep.service';
import { sendDailyDigests } from '../features/review/review-digest.service';
import {
  sendSwitchNotices,
  SWITCH_NOTICE_INTERVAL_MINUTES,
} from '../features/progress/standards-switch-notices.service';
import type { Db } from '../db/client';
import {
  claimJobRun,
  expiredJobRuns,
  finishJobRun,
  periodOf,
  releaseJobRun,
} from './job-runs.repository';

const MINUTE = 60_000;
/** Each mail's own backoff decides which are due. */
const MAIL_RETRY_INTERVAL_MINUTES = 1;

/** Every instance runs it; each job claims its rows first, so each thing is done once. */
export type ScheduledJob = {
  name: string;
  intervalMs: number;
  run: (now: Date) => Promise<number>;
};

export function scheduledJobs(deps: AppDeps, payments: PaymentsPort): ScheduledJob[] {
  const { db, mailer, config, storage } = deps;
  return [
    {
      // Checked hourly, sent at most once a day each.
      name: 'digest',
      intervalMs: 60 * MINUTE,
      run: (now) => sendDailyDigests({ db, mailer, appUrl: config.APP_URL, now }),
    },
    {
      // The sandbox's; Stripe renews on its side.
      name: 'renewals',
      intervalMs: RENEWAL_INTERVAL_MINUTES * MINUTE,
      run: (now) =>
        runRenewals({
          db,
          payments,
          mailer,
          prices: pricesFromConfig(config),
          appUrl: config.APP_URL,
          now,
        }),
    },
    {
      name: 'access-warnings',
      intervalMs: WARNING_INTERVAL_MINUTES * MINUTE,
      run: (now) => sendAccessWarnings({ db, mailer, appUrl: config.APP_URL, now }),
    },
    {
      name: 'form-reminders',
      intervalMs: REMINDER_INTERVAL_MINUTES * MINUTE,
      run: (now) => sendFormReminders({ db, mailer, appUrl: config.APP_URL, now }),
    },
    {
      // Issue 35.
      name: 'switch-notices',
      intervalMs: SWITCH_NOTICE_INTERVAL_MINUTES * MINUTE,
      run: (now) => sendSwitchNotices({ db, mailer, appUrl: config.APP_URL, now }),
    },
    {
      // One instance a minute; each mail is claimed by one delivery (mail-queue.ts).
      name: 'mail-retry',
      intervalMs: MAIL_RETRY_INTERVAL_MINUTES * MINUTE,
      run: async (now) => {
        const period = periodOf(now, MAIL_RETRY_INTERVAL_MINUTES * MINUTE);
        if (!(await claimJobRun(db, 'mail-retry', period))) return 0;
        return mailer.retryDue(db, now);
      },
    },
    {
      name: 'storage-sweep',
      intervalMs: SWEEP_INTERVAL_MINUTES * MINUTE,
      run: (now) => sweepStorage({ db, storage, now }),
    },
  ];
}

export const SCHEDULED_PREFIX = 'scheduled:';

const RETAKE_INTERVAL_MS = MINUTE;

/**
 * The first instance to claim a period runs it under a lease; a dead claimant's run is retaken.
 * Closing waits for the runs under way, so the database is never closed under one.
 */
export function scheduleJobs(
  app: FastifyInstance,
  db: Db,
  jobs: ScheduledJob[],
  now: () => Date,
): void {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let closing = false;

  const runClaimed = async (job: ScheduledJob, period: Date) => {
    const name = `${SCHEDULED_PREFIX}${job.name}`;
    if (!(await claimJobRun(db, name, period, now()))) return;
    try {
      const done = await job.run(now());
      await finishJobRun(db, name, period, now());
      if (done > 0) app.log.info({ job: job.name, done }, 'job ran');
    } catch (error) {
      await releaseJobRun(db, name, period, now()).catch(() => undefined);
      throw error;
    }
  };
  const start = (job: ScheduledJob, period: Date) => {
    if (closing) return;
    const run = runClaimed(job, period)
      .catch((error: unknown) => app.log.error({ err: error, job: job.name }, 'job failed'))
      .finally(() => running.delete(run));
    running.add(run);
  };
  const retakeExpired = async () => {
    const at = now();
    for (const { job: name, period } of await expiredJobRuns(db, SCHEDULED_PREFIX, at)) {
      const job = jobs.find((each) => `${SCHEDULED_PREFIX}${each.name}` === name);
      // Only the current period's: a later period's run covers an older one's work.
      if (job && periodOf(at, job.intervalMs).getTime() === period.getTime()) start(job, period);
    }
  };

  app.addHook('onReady', async () => {
    for (const job of jobs) {
      const timer = setInterval(() => start(job, periodOf(now(), job.intervalMs)), job.intervalMs);
      timer.unref();
      timers.push(timer);
    }
    const retake = setInterval(() => {
      if (closing) return;
      retakeExpired().catch((error: unknown) =>
        app.log.error({ err: error }, 'looking for abandoned job runs failed'),
      );
    }, RETAKE_INTERVAL_MS);
    retake.unref();
    timers.push(retake);
  });
  app.addHook('onClose', async () => {
    closing = true;
    for (const timer of timers) clearInterval(timer);
    await Promise.all(running);
  });
}
