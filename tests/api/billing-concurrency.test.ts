import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsPort } from '../../src/server/adapters/payments/payments.port';
import { createSandboxPayments } from '../../src/server/adapters/payments/sandbox';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/env';
import { createTrainee, type TestUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { addCoupon, charge, eventsOf, START, storedFor } from './billing-support';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = START;
  await addCoupon(t, { code: 'LASTONE', percentOff: 10, maxUses: 1 });
});
afterAll(async () => t.close());

/** An app on the same database whose provider lets no subscription through until two ask. */
async function racingApp() {
  return buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', CLIENT_DIST: '.tmp/no-client' }),
    database: t.database,
    mailer: t.mailer,
    payments: bothReachTheProvider(),
    now: () => t.clock.now,
    logger: false,
  });
}
const sendVia =
  (app: Awaited<ReturnType<typeof racingApp>>) =>
  (user: TestUser, payload: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/charge-payment/',
      headers: { authorization: `token ${user.token}` },
      payload,
    });

describe('concurrent charges for one trainee make one subscription', () => {
  it('two identical payments at once: one subscription, one charge', async () => {
    const trainee = await createTrainee(t.db, { dateJoined: START });
    const body = { sub_id: 12, token: 'tok_visa' };
    const responses = await Promise.all([
      charge(t, trainee.token, body),
      charge(t, trainee.token, body),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await storedFor(t, trainee.id)).toEqual({
      subscriptions: 1,
      paymentMethods: 1,
      events: 1,
      isPaid: true,
    });
  });

  it('two different payments that both reached the provider: the loser’s charge is refunded', async () => {
    const trainee = await createTrainee(t.db, { dateJoined: START });
    const racing = await racingApp();
    try {
      const send = sendVia(racing);
      const responses = await Promise.all([
        send(trainee, { sub_id: 12, token: 'tok_visa' }),
        send(trainee, { sub_id: 13, token: 'tok_visa' }),
      ]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const winner = responses
        .find((r) => r.statusCode === 201)
        ?.json<{ subscription: { subscription: { id: number } } }>();
      const loserAmount = winner?.subscription.subscription.id === 12 ? 14900 : 1499;
      const events = await eventsOf(t, trainee.id);
      expect(events.map((e) => [e.kind, e.amountCents])).toEqual([
        ['charge', 1499 + 14900 - loserAmount],
        ['refund', loserAmount],
      ]);
      expect(await storedFor(t, trainee.id)).toMatchObject({ subscriptions: 1, paymentMethods: 1 });
    } finally {
      await racing.close();
    }
  });
});

describe('the last use of a coupon', () => {
  it('goes to one of two trainees paying at once; the other is refunded and told it is invalid', async () => {
    const first = await createTrainee(t.db, { dateJoined: START });
    const second = await createTrainee(t.db, { dateJoined: START });
    const racing = await racingApp();
    try {
      const send = sendVia(racing);
      const body = { sub_id: 12, token: 'tok_visa', coupon: 'LASTONE' };
      const responses = await Promise.all([send(first, body), send(second, body)]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 400]);
      const refused = responses.find((r) => r.statusCode === 400);
      expect(refused?.json()).toEqual({ coupon: ['Invalid Coupon'] });
      const loser = responses[0]?.statusCode === 400 ? first : second;
      expect(await storedFor(t, loser.id)).toMatchObject({ subscriptions: 0, paymentMethods: 0 });
      expect((await eventsOf(t, loser.id)).map((e) => [e.kind, e.amountCents])).toEqual([
        ['refund', 1349],
      ]);
    } finally {
      await racing.close();
    }
  });
});

/** The sandbox, except that no subscription is created until two requests are asking. */
function bothReachTheProvider(): PaymentsPort {
  const sandbox = createSandboxPayments();
  let arrived = 0;
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    ...sandbox,
    createSubscription: async (input) => {
      arrived += 1;
      if (arrived === 2) open();
      await gate;
      return sandbox.createSubscription(input);
    },
  };
}
