import { count, eq } from 'drizzle-orm';
import {
  billingEvents,
  paymentMethods,
  userSubscriptions,
  users,
} from '../../src/server/db/schema';
import { createCoupon } from '../../src/server/features/billing/billing.service';
import type { UserSubscription } from '../../src/shared/billing/billing.schema';
import { CouponDefinitionSchema } from '../../src/shared/billing/coupon';
import type { TestApp } from '../helpers/test-app';

/** Shared by the billing API tests. */

export const CHARGE = '/api/v1/charge-payment/';
/** A fixed start, in the past, so that dates are exact and tokens outlive clock moves. */
export const START = new Date('2026-09-01T12:00:00.000Z');
export const DAY = 86_400_000;

export type ChargeBody = {
  sub_id: number | string;
  token: string;
  coupon?: string | null;
  trial?: boolean | number | string;
};

export const charge = (
  t: TestApp,
  token: string,
  body: ChargeBody,
  method: 'POST' | 'PUT' = 'POST',
) => t.request({ method, url: CHARGE, token, payload: body });

/** The trainee's subscription as GET /api/v1/user-subscription/ shows it, or undefined. */
export async function currentSubscription(
  t: TestApp,
  token: string,
): Promise<UserSubscription | undefined> {
  const response = await t.request({ method: 'GET', url: '/api/v1/user-subscription/', token });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json<{ results: UserSubscription[] }>().results[0];
}

/** Adds a coupon as `npm run coupon` does. */
export async function addCoupon(
  t: TestApp,
  input: {
    code: string;
    percentOff?: number;
    amountOffCents?: number;
    validFrom?: string;
    validUntil?: string;
    maxUses?: number;
  },
) {
  return createCoupon({ db: t.db, definition: CouponDefinitionSchema.parse(input) });
}

/** What billing stored for a trainee: every table, and the user's is_paid column. */
export async function storedFor(t: TestApp, traineeId: number) {
  const countOf = async (
    table: typeof userSubscriptions | typeof paymentMethods | typeof billingEvents,
  ) => {
    const [row] = await t.db
      .select({ n: count() })
      .from(table)
      .where(eq(table.traineeId, traineeId));
    return row?.n ?? 0;
  };
  const [user] = await t.db
    .select({ isPaid: users.isPaid })
    .from(users)
    .where(eq(users.id, traineeId));
  return {
    subscriptions: await countOf(userSubscriptions),
    paymentMethods: await countOf(paymentMethods),
    events: await countOf(billingEvents),
    isPaid: user?.isPaid,
  };
}

/** The trainee's billing events, oldest first (kind and amount). */
export async function eventsOf(t: TestApp, traineeId: number) {
  return t.db
    .select({
      kind: billingEvents.kind,
      amountCents: billingEvents.amountCents,
      couponCode: billingEvents.couponCode,
      providerRef: billingEvents.providerRef,
    })
    .from(billingEvents)
    .where(eq(billingEvents.traineeId, traineeId))
    .orderBy(billingEvents.id);
}
