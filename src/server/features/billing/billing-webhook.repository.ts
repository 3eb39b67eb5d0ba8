import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { stripeEvents, userSubscriptions } from '../../db/schema';
import type { SubscriptionRow } from './billing.repository';

/** Our subscription for a Stripe subscription id. */
export async function findByExternalId(
  db: Db,
  externalId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(userSubscriptions)
    .where(
      and(eq(userSubscriptions.provider, 'stripe'), eq(userSubscriptions.externalId, externalId)),
    );
  return row;
}

/** Our subscription for a Stripe customer id (a refund names only the customer). */
export async function findByCustomerId(
  db: Db,
  customerId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(userSubscriptions)
    .where(
      and(
        eq(userSubscriptions.provider, 'stripe'),
        eq(userSubscriptions.providerCustomerId, customerId),
      ),
    );
  return row;
}

/** Marks an event applied; false when it already was (a replay). */
export async function claimEvent(
  db: Db,
  event: { id: string; type: string },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, processedAt: now })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return rows.length === 1;
}
