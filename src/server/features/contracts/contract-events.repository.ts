import { asc, eq } from 'drizzle-orm';
import type { ContractEventAction } from '../../../shared/contracts/contract.schema';
import type { Db } from '../../db/client';
import { contractEvents, users, type AuditDetails } from '../../db/schema';

// A contract's history (issue 39): one row per change, with who made it, never updated.

export type EventRow = typeof contractEvents.$inferSelect & { actorName: string | null };

export function eventsOf(db: Db, contractId: number): Promise<EventRow[]> {
  return db
    .select({
      id: contractEvents.id,
      contractId: contractEvents.contractId,
      traineeId: contractEvents.traineeId,
      version: contractEvents.version,
      action: contractEvents.action,
      actorId: contractEvents.actorId,
      details: contractEvents.details,
      createdAt: contractEvents.createdAt,
      actorName: users.name,
    })
    .from(contractEvents)
    .leftJoin(users, eq(users.id, contractEvents.actorId))
    .where(eq(contractEvents.contractId, contractId))
    .orderBy(asc(contractEvents.id));
}

export async function recordEvent(
  tx: Db,
  event: {
    contractId: number;
    traineeId: number;
    version: number | null;
    action: ContractEventAction;
    actorId: number;
    at: Date;
    details?: AuditDetails;
  },
): Promise<void> {
  await tx.insert(contractEvents).values({
    contractId: event.contractId,
    traineeId: event.traineeId,
    version: event.version,
    action: event.action,
    actorId: event.actorId,
    details: event.details ?? {},
    createdAt: event.at,
  });
}
