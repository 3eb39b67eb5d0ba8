import { createHash } from 'node:crypto';
import { AppError, fieldErrorsOf, type FieldErrors } from '../../../shared/errors';
import {
  CONTRACT_MESSAGES,
  ContractUploadFieldsSchema,
  type Contract,
} from '../../../shared/contracts/contract.schema';
import { recordName, subjectKey } from '../../../shared/supervisors/form-subject';
import { todayOf } from '../../clock';
import type { StoredFile } from '../files';
import { isUniqueViolation } from '../supervisors';
import { contractCompleteMail } from './contracts-emails';
import { tellParties } from './contracts-notify';
import * as repo from './contracts.repository';
import { record, reload } from './contracts.service';
import {
  CONTRACT_NOT_FOUND,
  latestVersion,
  loadContract,
  startsOn,
  structureOf,
  type ContractsContext,
} from './contract-view';

// A contract signed outside the app (issue 39): the trainee uploads it with its signing date and
// who signed; it counts from that date. With `contract`, it is that contract's next version (an
// amendment signed on paper). The file is already stored: the caller removes it on failure.

/** "one name per line or comma-separated". */
const signersOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((name) => name.trim())
    .filter((name) => name !== '');

function parseFields(fields: Record<string, unknown>, hasFile: boolean, today: string) {
  const parsed = ContractUploadFieldsSchema.safeParse(fields);
  const errors: FieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error);
  if (!hasFile) errors.document = [CONTRACT_MESSAGES.noFile];
  if (parsed.success && parsed.data.signed_on > today)
    errors.signed_on = [CONTRACT_MESSAGES.signedOnFuture];
  if (parsed.success && signersOf(parsed.data.signers).length === 0)
    errors.signers = [CONTRACT_MESSAGES.signersRequired];
  if (!parsed.success || Object.keys(errors).length > 0)
    throw new AppError('VALIDATION', 'Invalid contract upload', errors);
  return parsed.data;
}

async function sha256Of(ctx: ContractsContext, key: string): Promise<string> {
  const body = await ctx.storage.get(key);
  if (!body) throw new Error(`the contract just stored is missing: ${key}`);
  const hash = createHash('sha256');
  for await (const chunk of body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function uploadContract(
  ctx: ContractsContext & { fields: Record<string, unknown>; file: StoredFile | undefined },
): Promise<Contract> {
  const values = parseFields(ctx.fields, ctx.file !== undefined, todayOf(ctx.actor, ctx.now));
  const file = ctx.file;
  if (!file) throw AppError.field('document', CONTRACT_MESSAGES.noFile);
  const traineeId = ctx.actor.id;
  const chosen = await repo.findRecord(ctx.db, values.trainee_supervisor);
  if (!chosen || chosen.traineeId !== traineeId) throw CONTRACT_NOT_FOUND();
  const key = subjectKey(chosen);
  const { structureRecords, organization } = await structureOf(ctx, traineeId, key);

  let amended: { id: number; next: number } | null = null;
  if (values.contract !== undefined) {
    const view = await loadContract(ctx, values.contract);
    if (view.contract.structureKey !== key) throw CONTRACT_NOT_FOUND();
    if (view.contract.endedOn !== null)
      throw new AppError('CONFLICT', CONTRACT_MESSAGES.alreadyEnded);
    const starts = startsOn(view);
    if (starts !== null && values.signed_on < starts)
      throw AppError.field('signed_on', CONTRACT_MESSAGES.amendmentBeforeContract);
    amended = { id: view.contract.id, next: (latestVersion(view)?.version ?? 0) + 1 };
  }
  const sha256 = await sha256Of(ctx, file.key);
  const signers = signersOf(values.signers);
  const trainee = await repo.findPerson(ctx.db, traineeId);
  if (!trainee) throw CONTRACT_NOT_FOUND();
  const name = organization || recordName(chosen);
  let id: number;
  try {
    id = await ctx.db.transaction(async (tx) => {
      if (!amended && (await repo.findLiveOfStructure(tx, traineeId, key)))
        throw new AppError('CONFLICT', CONTRACT_MESSAGES.alreadyExists);
      const contractId =
        amended?.id ??
        (await repo.insertContract(tx, {
          traineeId,
          traineeSupervisorId: chosen.id,
          structureKey: key,
          organization,
          createdBy: ctx.actor.id,
          createdAt: ctx.now,
        }));
      const version = amended?.next ?? 1;
      await repo.insertVersion(tx, {
        contractId,
        traineeId,
        version,
        source: 'upload',
        title: values.title || `Supervision contract with ${name}, signed ${values.signed_on}`,
        completedOn: values.signed_on,
        storageKey: file.key,
        fileName: file.filename || `supervision-contract.${file.type.ext}`,
        contentType: file.type.mime,
        sizeBytes: file.size,
        sha256,
        declaredSigners: signers,
        createdBy: ctx.actor.id,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      });
      await record(tx, ctx, { contractId, traineeId }, version, 'uploaded', {
        signed_on: values.signed_on,
        signers,
      });
      await tellParties(tx, ctx, { trainee, structureRecords }, (to) =>
        contractCompleteMail({
          ...to,
          structureName: name,
          version,
          completedOn: values.signed_on,
        }),
      );
      return contractId;
    });
  } catch (error) {
    // Two uploads of one amendment at once: the version number is unique, one of them wins.
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', CONTRACT_MESSAGES.amendmentPending);
    throw error;
  }
  return reload(ctx, id);
}
