import { formatHours, minutesToHours } from '../logs/time';
import type { StructureMonth } from './month-validation.schema';
import { heldParts, type FormHoursMonth } from './form-hours';

/** Each structure's own judgement of a month and type, as every screen says it (wire shape). */
export function structureMonthsOf(month: string, adjusted: FormHoursMonth): StructureMonth[] {
  const held = heldParts(month, adjusted);
  return adjusted.forms.map((form) => ({
    key: form.key,
    name: form.label,
    expereince_type: form.type,
    state: form.state,
    total_hours: minutesToHours(form.minutes),
    counted_hours: minutesToHours(form.countedMinutes),
    checks: form.checks,
    outside: form.outside.map((part) => ({
      cause: part.cause,
      hours: minutesToHours(part.minutes),
    })),
    reasons: [
      ...form.removals.map((removal) => removal.reason),
      ...held.filter((part) => part.form === form).map((part) => part.reason),
    ],
  }));
}

const HELD: Partial<Record<StructureMonth['state'], string>> = {
  'signed-late': 'its form was signed late',
  'at-risk': 'its form is unsigned past the deadline',
  'mixed-types': 'it mixes fieldwork types',
};

/** Why a structure keeps what it keeps, in brackets: '(missed: observations with a client)'. */
const OUTSIDE: Record<StructureMonth['outside'][number]['cause'], string> = {
  'before-coursework': 'dated before the first class meeting',
  'before-contract': 'dated before its supervision contract',
  'after-contract': 'dated after its supervision contract ended',
  'no-contract': 'waiting for a signed supervision contract',
};

/** '10 h dated before its supervision contract': each run of a structure's hours that may not count. */
export const outsideLines = (structure: Pick<StructureMonth, 'outside'>) =>
  structure.outside.map((part) => `${formatHours(part.hours * 60)} h ${OUTSIDE[part.cause]}`);

export function structureVerdict(structure: StructureMonth): string {
  const held = HELD[structure.state];
  if (held) return `(${held})`;
  const outsideHours = structure.outside.reduce((sum, part) => sum + part.hours, 0);
  if (structure.outside.length > 0 && outsideHours >= structure.total_hours)
    return `(${[...new Set(structure.outside.map((part) => OUTSIDE[part.cause]))].join(', ')})`;
  const missed = structure.checks
    .filter((check) => check.status === 'fail' && check.key !== 'unrestricted-percent')
    .map((check) => check.label.toLowerCase());
  return `(${missed.length ? `missed: ${missed.join(', ')}` : 'met every requirement'})`;
}

/** '0 of 30 h': what a structure keeps of what it logged. */
export const structureFigures = (structure: StructureMonth) =>
  `${formatHours(structure.counted_hours * 60)} of ${formatHours(structure.total_hours * 60)} h`;

/** 'Sam Ortiz: 0 of 30 h count (missed: observations with a client)': one structure, one line. */
export function structureLine(structure: StructureMonth, typeName?: string): string {
  const who = typeName ? `${structure.name} (${typeName})` : structure.name;
  return `${who}: ${structureFigures(structure)} count ${structureVerdict(structure)}`;
}
