import type { CardDetails } from '../../adapters/payments/payments.port';
import { and, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  billingEvents,
  coupons,
  paymentMethods,
  subscriptionPlans,
  userSubscriptions,
  users,
} from '../../db/schema';

export type PlanRow = typeof subscriptionPlans.$inferSelect;
export type SubscriptionRow = typeof userSubscriptions.$inferSelect;
export type SubscriptionValues = Omit<
  typeof userSubscriptions.$inferInsert,
  'id' | 'traineeId' | 'version' | 'createdAt' | 'updatedAt'
>;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type BillingEventValues = typeof billingEvents.$inferInsert;

export async function listPlans(db: Db): Promise<PlanRow[]> {
  return db.select().from(subscriptionPlans).orderBy(subscriptionPlans.id);
}

export async function findPlan(db: Db, planId: number): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, planId));
  return row;
}

export async function findSubscription(
  db: Db,
  traineeId: number,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(userSubscriptions)
    .where(eq(userSubscriptions.traineeId, traineeId));
  return row;
}

/** Two concurrent first charges make one row (unique trainee_id); the loser gets undefined. */
export async function insertSubscription(
  db: Db,
  traineeId: number,
  values: SubscriptionValues,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .insert(userSubscriptions)
    .values({ ...values, traineeId })
    .onConflictDoNothing({ target: userSubscriptions.traineeId })
    .returning();
  return row;
}

/** Writes only if nobody changed the row since it was read at `version`. */
export async function updateSubscription(
  db: Db,
  row: Pick<SubscriptionRow, 'id' | 'version'>,
  values: Partial<SubscriptionValues>,
  now: Date,
): Promise<SubscriptionRow | undefined> {
  const [updated] = await db
    .update(userSubscriptions)
    .set({ ...values, version: row.version + 1, updatedAt: now })
    .where(and(eq(userSubscriptions.id, row.id), eq(userSubscriptions.version, row.version)))
    .returning();
  return updated;
}

/** `is_paid` (login and profile answers) means "has a subscription": set with the row. */
export async function markPaid(db: Db, traineeId: number): Promise<void> {
  await db.update(users).set({ isPaid: true }).where(eq(users.id, traineeId));
}

export async function findPaymentMethod(
  db: Db,
  traineeId: number,
): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.traineeId, traineeId));
  return row;
}

export type AttachedCard = { paymentMethodId: string; card: CardDetails };

export async function savePaymentMethod(
  db: Db,
  owner: { traineeId: number; provider: (typeof paymentMethods.$inferInsert)['provider'] },
  attached: AttachedCard,
  now: Date,
): Promise<void> {
  const values = {
    traineeId: owner.traineeId,
    provider: owner.provider,
    providerPaymentMethodId: attached.paymentMethodId,
    brand: attached.card.brand,
    last4: attached.card.last4,
    expMonth: attached.card.expMonth,
    expYear: attached.card.expYear,
  };
  const { traineeId: _traineeId, ...changes } = values;
  await db
    .insert(paymentMethods)
    .values({ ...values, createdAt: now })
    .onConflictDoUpdate({ target: paymentMethods.traineeId, set: { ...changes, createdAt: now } });
}

/** A second event with the same idempotency key is ignored. */
export async function insertEvent(db: Db, values: BillingEventValues): Promise<void> {
  await db.insert(billingEvents).values(values).onConflictDoNothing({
    target: billingEvents.idempotencyKey,
  });
}

/** Newest first, with the plan's name. */
export async function listEvents(db: Db, traineeId: number, limit: number) {
  return db
    .select({ event: billingEvents, planName: subscriptionPlans.name })
    .from(billingEvents)
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, billingEvents.planId))
    .where(eq(billingEvents.traineeId, traineeId))
    .orderBy(desc(billingEvents.createdAt), desc(billingEvents.id))
    .limit(limit);
}

export async function hasEventFor(db: Db, providerRef: string): Promise<boolean> {
  const [row] = await db
    .select({ id: billingEvents.id })
    .from(billingEvents)
    .where(eq(billingEvents.providerRef, providerRef))
    .limit(1);
  return row !== undefined;
}

export async function findCouponByCode(db: Db, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
  return row;
}

export async function findCouponById(db: Db, id: number): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row;
}

/** Undefined when the code is taken. */
export async function insertCoupon(
  db: Db,
  values: Omit<typeof coupons.$inferInsert, 'id' | 'uses'>,
): Promise<CouponRow | undefined> {
  const [row] = await db.insert(coupons).values(values).onConflictDoNothing().returning();
  return row;
}

/** One conditional update, so concurrent redemptions never exceed the limit. */
export async function reserveCouponUse(db: Db, couponId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        or(isNull(coupons.maxUses), lt(coupons.uses, coupons.maxUses)),
        or(isNull(coupons.validFrom), lte(coupons.validFrom, now)),
        or(
          isNull(coupons.validUntil),
          sql`${coupons.validUntil} > ${now.toISOString()}::timestamptz`,
        ),
      ),
    )
    .returning({ id: coupons.id });
  return rows.length === 1;
}

export async function releaseCouponUse(db: Db, couponId: number): Promise<void> {
  await db
    .update(coupons)
    .set({ uses: sql`greatest(${coupons.uses} - 1, 0)` })
    .where(eq(coupons.id, couponId));
}

/**
 * So that of several instances only one charges each. A claim older than `staleBefore` can be
 * taken over; the charge's idempotency key makes that safe.
 */
export async function claimDueRenewals(
  db: Db,
  opts: { provider: 'sandbox' | 'stripe'; now: Date; dueBy: Date; staleBefore: Date },
): Promise<SubscriptionRow[]> {
  const t = userSubscriptions;
  return db
    .update(t)
    .set({ renewalClaimedAt: opts.now })
    .where(
      and(
        eq(t.provider, opts.provider),
        eq(t.isLifetime, false),
        isNull(t.canceledAt),
        or(
          and(inArray(t.status, ['active', 'trialing']), lte(t.expiry, opts.dueBy)),
          and(eq(t.status, 'past_due'), lte(t.nextAttemptAt, opts.now)),
        ),
        or(isNull(t.renewalClaimedAt), lt(t.renewalClaimedAt, opts.staleBefore)),
      ),
    )
    .returning();
}
