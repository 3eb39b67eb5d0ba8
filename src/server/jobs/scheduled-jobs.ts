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
} from '../features/forms/form-reminders.service';
import { sweepStorage, SWEEP_INTERVAL_MINUTES } from '../features/files/storage-sweep.service';
import { sendDailyDigests } from '../features/review/review-digest.service';
import { claimJobRun, periodOf } from './job-runs.repository';

const MINUTE = 60_000;
/** How often queued mails are tried again (their own backoff decides which are due). */
const MAIL_RETRY_INTERVAL_MINUTES = 1;

/**
 * A piece of background work every instance runs on a timer. Each job claims its rows in the
 * database before acting, so several instances running it together do each thing once.
 */
export type ScheduledJob = {
  name: string;
  intervalMs: number;
  /** Runs once at `now`; resolves with how many things it did. */
  run: (now: Date) => Promise<number>;
};

/** The background work of the product, in one list (app.ts schedules it, test hooks run it). */
export function scheduledJobs(deps: AppDeps, payments: PaymentsPort): ScheduledJob[] {
  const { db, mailer, config, storage } = deps;
  return [
    {
      // The supervisors' daily digest: checked hourly, sent at most once a day each.
      name: 'digest',
      intervalMs: 60 * MINUTE,
      run: (now) => sendDailyDigests({ db, mailer, appUrl: config.APP_URL, now }),
    },
    {
      // Renewals the provider leaves to us (the sandbox); Stripe renews on its side.
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
      // Trainees whose trial or cancelled plan ends in 7 days, then in 1: mailed once each.
      name: 'access-warnings',
      intervalMs: WARNING_INTERVAL_MINUTES * MINUTE,
      run: (now) => sendAccessWarnings({ db, mailer, appUrl: config.APP_URL, now }),
    },
    {
      // Unsigned monthly forms, 10 days and 3 days before their deadline: mailed once each.
      name: 'form-reminders',
      intervalMs: REMINDER_INTERVAL_MINUTES * MINUTE,
      run: (now) => sendFormReminders({ db, mailer, appUrl: config.APP_URL, now }),
    },
    {
      // Mails SMTP could not take (server down, 4xx), tried again with a backoff: one instance
      // a minute runs it, and each mail is claimed by one delivery (mail-queue.ts).
      name: 'mail-retry',
      intervalMs: MAIL_RETRY_INTERVAL_MINUTES * MINUTE,
      run: async (now) => {
        const period = periodOf(now, MAIL_RETRY_INTERVAL_MINUTES * MINUTE);
        if (!(await claimJobRun(db, 'mail-retry', period))) return 0;
        return mailer.retryDue(db, now);
      },
    },
    {
      // Objects no row names, once past their grace: removed by one instance each hour.
      name: 'storage-sweep',
      intervalMs: SWEEP_INTERVAL_MINUTES * MINUTE,
      run: (now) => sweepStorage({ db, storage, now }),
    },
  ];
}

/** Starts every job's timer when the app is ready and stops them when it closes. */
export function scheduleJobs(app: FastifyInstance, jobs: ScheduledJob[], now: () => Date): void {
  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    for (const job of jobs) {
      const timer = setInterval(() => {
        job
          .run(now())
          .catch((error: unknown) => app.log.error({ err: error, job: job.name }, 'job failed'));
      }, job.intervalMs);
      timer.unref();
      timers.push(timer);
    }
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
  });
}
