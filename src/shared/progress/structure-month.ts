import { minutesToHours } from '../logs/time';
import type { StructureMonth } from './month-validation.schema';
import { heldParts, type FormHoursMonth } from './form-hours';

/** Each structure's own judgement of a month and type, as every screen says it (wire shape). */
export function structureMonthsOf(month: string, adjusted: FormHoursMonth): StructureMonth[] {
  const held = new Map(heldParts(month, adjusted).map(({ form, reason }) => [form, reason]));
  return adjusted.forms.map((form) => ({
    key: form.key,
    name: form.label,
    expereince_type: form.type,
    state: form.state,
    total_hours: minutesToHours(form.minutes),
    counted_hours: minutesToHours(form.countedMinutes),
    checks: form.checks,
    reasons: [
      ...form.removals.map((removal) => removal.reason),
      ...(held.has(form) ? [held.get(form)!] : []),
    ],
  }));
}
