import { IMPORT_TARGETS, type ImportMapping, type ImportTarget } from './import.schema';

// Recognising a spreadsheet's own columns (issue 28). Headers are compared lower-cased without
// punctuation ("Date of service:" is "date of service"); an exact name beats a contained one.

/** The common names of each column, as compared (lower case, words separated by one space). */
export const IMPORT_COLUMN_NAMES: Record<ImportTarget, readonly string[]> = {
  date: ['date', 'day', 'session date', 'date of service', 'service date', 'date of experience'],
  start: ['start', 'start time', 'from', 'time in', 'begin', 'begin time', 'time start'],
  end: ['end', 'end time', 'to', 'until', 'time out', 'finish', 'finish time', 'time end'],
  type: ['type', 'fieldwork type', 'experience type', 'type of fieldwork', 'hours type'],
  supervisor: ['supervisor', 'supervisor name', 'supervised by', 'supervising bcba', 'bcba'],
  supervision: [
    'supervised or independent',
    'supervised independent',
    'independent or supervised',
    'supervised',
    'independent',
    'supervision status',
  ],
  individual_or_group: [
    'individual or group',
    'individual group',
    'group or individual',
    'supervision type',
    'type of supervision',
    'supervision format',
    'individual',
    'group',
  ],
  restriction: [
    'restricted or unrestricted',
    'restricted unrestricted',
    'restriction',
    'restricted',
    'unrestricted',
    'unrestricted hours',
    'activity type',
  ],
  notes: ['notes', 'note', 'comments', 'comment', 'description', 'experience notes', 'activities'],
  tasks: ['tasks', 'task', 'task list', 'task list items', 'tco', 'test content outline'],
  setting: ['setting', 'location', 'site', 'place', 'service setting'],
  method: [
    'method',
    'method of supervision',
    'supervision method',
    'modality',
    'in person or virtual',
    'delivery',
  ],
  supervision_start: ['supervision start', 'supervision start time', 'supervised from'],
  supervision_end: ['supervision end', 'supervision end time', 'supervised to', 'supervised until'],
  client_observation: [
    'client observation',
    'observation',
    'observed',
    'observed with client',
    'observed with a client',
  ],
  supervision_contact: ['supervision contact', 'contact', 'contact type', 'contact kind'],
};

// Names said of two columns ("Supervision": Individual / Group, or Supervised / Independent):
// such a header is read by its values.
const NAMES_READ_BY_VALUES: Record<string, readonly ImportTarget[]> = {
  supervision: ['individual_or_group', 'supervision'],
  'supervision kind': ['individual_or_group', 'supervision'],
};

/** The values that tell a column of the two apart (what convertMappedRow accepts of each). */
const VALUES_OF: Partial<Record<ImportTarget, RegExp>> = {
  individual_or_group: /^(individual|group|no supervision|none)$/,
  supervision: /^(supervised|independent|unsupervised|yes|no)$/,
};

export function normaliseHeader(header: string): string {
  return header
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** How well a header names a target: 2 for one of its names, 1 and a bit for a name inside it. */
function scoreOf(header: string, target: ImportTarget): number {
  let best = 0;
  for (const name of IMPORT_COLUMN_NAMES[target]) {
    if (header === name) return 2;
    // Inside it as whole words; a longer name is more specific ("supervision start" over "start").
    if (` ${header} `.includes(` ${name} `)) best = Math.max(best, 1 + name.length / 100);
  }
  return best;
}

function targetByValues(
  index: number,
  rows: readonly (readonly string[])[],
  targets: readonly ImportTarget[],
): ImportTarget | null {
  const values = rows
    .slice(0, 200)
    .map((row) => normaliseHeader(row[index] ?? ''))
    .filter((value) => value !== '');
  let chosen: ImportTarget | null = null;
  let most = 0;
  for (const target of targets) {
    const count = values.filter((value) => VALUES_OF[target]?.test(value)).length;
    if (count > most) {
      most = count;
      chosen = target;
    }
  }
  return chosen;
}

/** A first mapping guess: closest names first, each header and target once (ambiguous by values). */
export function guessMapping(
  headers: readonly string[],
  rows: readonly (readonly string[])[] = [],
): ImportMapping {
  const candidates: { header: string; target: ImportTarget; score: number }[] = [];
  headers.forEach((header, index) => {
    const name = normaliseHeader(header);
    const readByValues = NAMES_READ_BY_VALUES[name];
    if (readByValues) {
      // The first of the two when the values do not tell (Individual / Group is the form's name).
      const target = targetByValues(index, rows, readByValues) ?? readByValues[0];
      if (target) candidates.push({ header, target, score: 2 });
      return;
    }
    for (const target of IMPORT_TARGETS) {
      const score = scoreOf(name, target);
      if (score > 0) candidates.push({ header, target, score });
    }
  });
  candidates.sort((a, b) => b.score - a.score);
  const mapping: ImportMapping = {};
  const used = new Set<string>();
  for (const { header, target } of candidates) {
    if (mapping[target] !== undefined || used.has(header)) continue;
    mapping[target] = header;
    used.add(header);
  }
  return mapping;
}
