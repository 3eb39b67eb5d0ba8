import type { FinalForm } from '../../../shared/forms/final-form.schema';
import type { FvfFigures } from '../../../shared/forms/fvf-values';
import type { FormFigures, MonthForm } from '../../../shared/forms/month-form.schema';
import { minutesToHours, roundPercent } from '../../../shared/logs/time';
import type { StoragePort } from '../../adapters/storage/storage.port';
import { FVF_VARIANTS, signersOf } from './fvf';
import type { MonthFormRecord } from './month-forms.repository';

export type FormMinutes = Pick<
  FvfFigures,
  'independentMinutes' | 'supervisedMinutes' | 'totalMinutes' | 'observationMinutes'
>;

export const NO_MINUTES: FormMinutes = {
  independentMinutes: 0,
  supervisedMinutes: 0,
  totalMinutes: 0,
  observationMinutes: 0,
};

export function sameMinutes(a: FormMinutes, b: FormMinutes): boolean {
  return (
    a.independentMinutes === b.independentMinutes &&
    a.supervisedMinutes === b.supervisedMinutes &&
    a.totalMinutes === b.totalMinutes &&
    a.observationMinutes === b.observationMinutes
  );
}

export function toFormFigures(minutes: FormMinutes): FormFigures {
  return {
    independent_hours: minutesToHours(minutes.independentMinutes),
    supervised_hours: minutesToHours(minutes.supervisedMinutes),
    total_hours: minutesToHours(minutes.totalMinutes),
    observation_minutes: minutes.observationMinutes,
    percent_supervised:
      minutes.totalMinutes === 0
        ? 0
        : roundPercent((minutes.supervisedMinutes * 100) / minutes.totalMinutes),
  };
}

/** 'M-FVF 2026-03 Sam Supervisor (voided).pdf', 'F-FVF 2026-01 to 2026-06 Sam Supervisor.pdf' */
export function formFileName(form: MonthFormRecord): string {
  const voided = form.voidedAt ? ' (voided)' : '';
  const type =
    form.experienceTypeId === 2 ? ' concentrated' : form.experienceTypeId === 3 ? ' mixed' : '';
  const when =
    form.kind === 'final' ? `F-FVF ${form.fromMonth} to ${form.month}` : `M-FVF ${form.month}`;
  return `${when}${type} ${form.supervisorName}${voided}.pdf`.replace(/\s+/g, ' ');
}

export function formDocumentUrl(storage: StoragePort, form: MonthFormRecord): Promise<string> {
  return storage.signedGetUrl(form.storageKey, {
    filename: formFileName(form),
    contentType: 'application/pdf',
  });
}

const signature = (name: string | null, at: Date | null, on: string | null) =>
  name !== null && at !== null && on !== null
    ? { name, signed_at: at.toISOString(), signed_on: on }
    : null;

async function toFormWire(
  storage: StoragePort,
  form: MonthFormRecord,
): Promise<Omit<MonthForm, 'month'>> {
  const variant = FVF_VARIANTS.find((candidate) => candidate.id === form.variantId);
  // Only the fill writes variant_id, always from the table.
  if (!variant) throw new Error(`unknown form variant ${form.variantId}`);
  return {
    id: form.id,
    user: form.traineeId,
    trainee_supervisor: form.traineeSupervisorId,
    supervisor_name: form.supervisorName,
    expereince_type: form.experienceTypeId,
    organization: form.organization,
    variant: form.variantId,
    variant_label: variant.label,
    edition: variant.edition,
    signers: signersOf(variant),
    template: { source: form.templateSource, sha256: form.templateSha256 },
    figures: toFormFigures(form),
    trainee_signature: signature(
      form.traineeSignedName,
      form.traineeSignedAt,
      form.traineeSignedOn,
    ),
    supervisor_signature: signature(
      form.supervisorSignedName,
      form.supervisorSignedAt,
      form.supervisorSignedOn,
    ),
    completed_on: form.completedOn,
    is_complete: form.completedOn !== null,
    record_file: form.recordFileId,
    document: await formDocumentUrl(storage, form),
    created_at: form.createdAt.toISOString(),
    voided_at: form.voidedAt?.toISOString() ?? null,
  };
}

export async function toMonthForm(storage: StoragePort, form: MonthFormRecord): Promise<MonthForm> {
  return { ...(await toFormWire(storage, form)), month: form.month };
}

export async function toFinalForm(storage: StoragePort, form: MonthFormRecord): Promise<FinalForm> {
  return {
    ...(await toFormWire(storage, form)),
    from_month: form.fromMonth ?? form.month,
    to_month: form.month,
    months: form.monthsCounted ?? 0,
  };
}
