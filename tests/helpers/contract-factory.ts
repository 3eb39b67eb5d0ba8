import type { Db } from '../../src/server/db/client';
import {
  contractSignatures,
  contractVersions,
  supervisionContracts,
} from '../../src/server/db/schema';

/**
 * A supervision contract on record with an individual supervisor's record, everyone signed on
 * `startsOn` (the rows the contracts feature writes when its last party signs), ended or not.
 */
export async function contractOnRecord(
  db: Db,
  opts: { traineeId: number; record: number; startsOn: string; endedOn?: string | null },
): Promise<number> {
  const endedOn = opts.endedOn ?? null;
  const [contract] = await db
    .insert(supervisionContracts)
    .values({
      traineeId: opts.traineeId,
      traineeSupervisorId: opts.record,
      structureKey: `r${opts.record}`,
      endedOn,
      endedReason: endedOn ? 'The trainee moved to another clinic.' : null,
    })
    .returning({ id: supervisionContracts.id });
  const [version] = await db
    .insert(contractVersions)
    .values({
      contractId: contract!.id,
      traineeId: opts.traineeId,
      version: 1,
      source: 'app',
      title: 'Supervision contract',
      completedOn: opts.startsOn,
    })
    .returning({ id: contractVersions.id });
  await db.insert(contractSignatures).values([
    {
      versionId: version!.id,
      traineeId: opts.traineeId,
      party: 'trainee',
      signedOn: opts.startsOn,
    },
    {
      versionId: version!.id,
      traineeId: opts.traineeId,
      party: 'supervisor',
      traineeSupervisorId: opts.record,
      signedOn: opts.startsOn,
    },
  ]);
  return contract!.id;
}
