import { Readable } from 'node:stream';
import { AppError } from '../../../shared/errors';
import { formEditionOf } from '../../../shared/forms/form-edition';
import type { StoragePort } from '../../adapters/storage/storage.port';
import type { Db } from '../../db/client';
import { findUserById, loadUserView } from '../accounts';
import { monthFormKey } from '../files';
import { isUniqueViolation } from '../supervisors';
import type * as supervisorsRepo from '../supervisors';
import { recordName } from '../../../shared/supervisors/form-subject';
import type { FormsContext, FormSubject } from './form-access';
import { type FvfFillInput, type FvfPerson, loadFvfEngine } from './fvf';
import { templateFor } from './templates/templates.service';
import * as repo from './month-forms.repository';
import { FORMS_MESSAGES } from './forms.messages';

// Filling and keeping an official form (decisions 012, 013); signing is form-signing.service.ts.

type SupervisorRecord = NonNullable<Awaited<ReturnType<typeof supervisorsRepo.findForTrainee>>>;

/** The caller removes it if no row comes to name it. */
export async function putPdf(
  storage: StoragePort,
  traineeId: number,
  bytes: Uint8Array,
): Promise<string> {
  const key = monthFormKey(traineeId);
  await storage.put(key, Readable.from([Buffer.from(bytes)]), { contentType: 'application/pdf' });
  return key;
}

async function traineeIdentity(db: Db, traineeId: number) {
  const user = await findUserById(db, traineeId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in again.');
  const missing = [
    user.bacbId.trim() === '' ? 'BACB ID' : null,
    user.fieldworkState.trim() === '' ? 'fieldwork state' : null,
    user.fieldworkCountry.trim() === '' ? 'fieldwork country' : null,
  ].filter((item) => item !== null);
  if (missing.length > 0) {
    throw new AppError('FORM_PROFILE_INCOMPLETE', FORMS_MESSAGES.fill.profileIncomplete(missing));
  }
  return {
    name: user.name,
    bacbId: user.bacbId,
    fieldworkState: user.fieldworkState,
    fieldworkCountry: user.fieldworkCountry,
  };
}

/** The name is the record's; the BACB number, the linked account's. */
async function personOf(db: Db, record: SupervisorRecord) {
  const account = record.supervisorUserId
    ? await loadUserView(db, record.supervisorUserId)
    : undefined;
  return {
    name: recordName(record),
    bacbId: account?.supervisor?.bacb_certification_number ?? '',
    qualification: account?.supervisor?.supervisor_qualification ?? '',
  };
}

type FillRequest = FormsContext & {
  record: SupervisorRecord;
  subject: FormSubject;
  /** The supervisors the form lists (an F-FVF at an organization): those with hours. */
  listed: readonly SupervisorRecord[];
  figures: FvfFillInput['figures'];
  /** What the row keeps: the fieldwork type (3: both) and the minutes, summed. */
  kept: Pick<
    repo.NewMonthForm,
    | 'experienceTypeId'
    | 'independentMinutes'
    | 'supervisedMinutes'
    | 'totalMinutes'
    | 'observationMinutes'
  > & { monthsCounted?: number };
  isProrated: boolean;
  /** The live forms the new one replaces: voided, kept as history. */
  existing: readonly repo.MonthFormRow[];
  /** Run first in the transaction: refuses if another fill changed `existing` meanwhile. */
  claim?: (tx: Db) => Promise<void>;
  completeMessage: string;
};

/** A live form not yet complete is replaced (voided, kept as history); a complete one is final. */
export async function fillAndKeep(ctx: FillRequest): Promise<number> {
  if (ctx.existing.some((form) => form.completedOn)) {
    throw new AppError('CONFLICT', ctx.completeMessage);
  }
  return keep(ctx, await fill(ctx));
}

async function fill(ctx: FillRequest) {
  const { db, actor, record, figures } = ctx;
  const trainee = await traineeIdentity(db, actor.id);
  const edition = formEditionOf('month' in figures ? figures.month : figures.period.toMonth);
  const { fillFvfTemplate, formOfFigures } = await loadFvfEngine();
  const form = formOfFigures(figures);
  const structure = ctx.subject.organization === '' ? 'individual' : 'organization';
  const template = await templateFor(ctx, { form, edition, structure, ownerId: actor.id });
  const supervisor = await personOf(db, record);
  const others = ctx.listed.filter((item) => item.id !== record.id);
  const supervisors: FvfPerson[] = [
    supervisor,
    ...(await Promise.all(others.map((item) => personOf(db, item)))),
  ];
  const filled = await fillFvfTemplate(await template.load(), {
    figures,
    edition,
    trainee,
    supervisor,
    supervisors,
    isProrated: ctx.isProrated,
  });
  return { form, template, bytes: filled.bytes, variantId: filled.variant.id };
}

async function keep(ctx: FillRequest, filled: Awaited<ReturnType<typeof fill>>): Promise<number> {
  const { db, actor, record, figures, existing } = ctx;
  const storageKey = await putPdf(ctx.storage, actor.id, filled.bytes);
  try {
    return await db.transaction(async (tx) => {
      await ctx.claim?.(tx);
      for (const form of existing) {
        if (!(await repo.voidIncomplete(tx, form.id, actor.id, ctx.now))) {
          throw new AppError('CONFLICT', FORMS_MESSAGES.fill.filledMeanwhile);
        }
      }
      return repo.insert(tx, {
        kind: filled.form,
        traineeId: actor.id,
        traineeSupervisorId: record.id,
        ...('month' in figures
          ? { month: figures.month }
          : {
              month: figures.period.toMonth,
              fromMonth: figures.period.fromMonth,
              monthsCounted: ctx.kept.monthsCounted ?? 0,
            }),
        experienceTypeId: ctx.kept.experienceTypeId,
        independentMinutes: ctx.kept.independentMinutes,
        supervisedMinutes: ctx.kept.supervisedMinutes,
        totalMinutes: ctx.kept.totalMinutes,
        observationMinutes: ctx.kept.observationMinutes,
        variantId: filled.variantId,
        templateSource: filled.template.source,
        templateSha256: filled.template.sha256,
        organization: ctx.subject.organization,
        storageKey,
        createdAt: ctx.now,
      });
    });
  } catch (error) {
    await ctx.storage.delete(storageKey).catch(() => undefined);
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', FORMS_MESSAGES.fill.filledMeanwhile);
    }
    throw error;
  }
}
