import type { MailMessage } from '../../adapters/mail/mailer';
import type { Db } from '../../db/client';
import type { ContractsContext, ContractView } from './contract-view';
import * as repo from './contracts.repository';

/** Whom a change is told to: the trainee and each supervisor account of the structure. */
type Recipient = { to: string; name: string; link: string };

/**
 * Every party but the one acting, through the product's outbox (queued in `db`, the change's
 * transaction). Only verified accounts still supervising are written to; `only` narrows it to
 * some supervisor records (a version's parties).
 */
export async function tellParties(
  db: Db,
  ctx: ContractsContext,
  view: Pick<ContractView, 'trainee' | 'structureRecords'>,
  mail: (recipient: Recipient) => MailMessage,
  only?: ReadonlySet<number>,
): Promise<void> {
  const traineeId = view.trainee.id;
  const recipients: Recipient[] = [];
  if (ctx.actor.id !== traineeId && view.trainee.isVerified) {
    recipients.push({
      to: view.trainee.email,
      name: view.trainee.name,
      link: `${ctx.appUrl}/student/contracts`,
    });
  }
  const told = new Set<number>([ctx.actor.id]);
  for (const record of view.structureRecords) {
    const userId = record.supervisorUserId;
    if (userId === null || record.accessEndedAt !== null || told.has(userId)) continue;
    if (only && !only.has(record.id)) continue;
    told.add(userId);
    const person = await repo.findPerson(db, userId);
    if (!person?.isVerified) continue;
    recipients.push({
      to: person.email,
      name: person.name,
      link: `${ctx.appUrl}/supervisor/trainees/${traineeId}`,
    });
  }
  for (const recipient of recipients) await ctx.mailer.send(db, mail(recipient));
}
