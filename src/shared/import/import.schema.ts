import { z } from 'zod';

// Importing earlier hours from a spreadsheet (issue 14): the server checks every row with the
// log form's own rules; the client shows what it answers.

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;
/** A log maps 16 things and the export has 18 columns; room for extras, bounding rows × columns. */
export const IMPORT_MAX_COLUMNS = 100;

export const IMPORT_MESSAGES = {
  tooLarge: 'This file is larger than 10 MB. Split it into smaller files and import each.',
  tooManyRows: `This file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Split it into smaller files and import each.`,
  tooManyColumns: `This file has more than ${IMPORT_MAX_COLUMNS} columns; an import reads at most ${IMPORT_MAX_COLUMNS}. Delete the columns you do not need and import it again.`,
  notSpreadsheet: 'Choose a CSV or Excel (.xlsx) file.',
  unreadable: 'This file could not be read as a spreadsheet. Save it again as CSV or .xlsx.',
  noRows: 'This file has no rows under its header.',
  noHeader: 'The first row must name the columns.',
  changed: 'The file changed since its preview. Check the preview again before importing.',
  hasErrors: 'Some rows have errors, so nothing was imported. Correct them and try again.',
  needsMapping: 'Choose the columns for date, start time and end time.',
} as const;

export const IMPORT_TARGETS = [
  'date',
  'start',
  'end',
  'type',
  'supervisor',
  'supervision',
  'individual_or_group',
  'restriction',
  'notes',
  'tasks',
  'setting',
  'method',
  'supervision_start',
  'supervision_end',
  'client_observation',
  'supervision_contact',
] as const;
export type ImportTarget = (typeof IMPORT_TARGETS)[number];

export const REQUIRED_TARGETS = ['date', 'start', 'end'] as const satisfies ImportTarget[];

/** How the mapping screen names each target, with what the column may hold. */
export const IMPORT_TARGET_LABELS: Record<ImportTarget, { label: string; hint: string }> = {
  date: { label: 'Date', hint: 'YYYY-MM-DD, M/D/YYYY or an Excel date' },
  start: { label: 'Start time', hint: '09:00 or 9:00 AM' },
  end: { label: 'End time', hint: '12:30 or 12:30 PM' },
  type: { label: 'Fieldwork type', hint: 'Supervised or Concentrated' },
  supervisor: { label: 'Supervisor', hint: "One of your supervisors' name or email" },
  supervision: { label: 'Supervised or independent', hint: 'Supervised or Independent' },
  individual_or_group: {
    label: 'Individual or group',
    hint: 'Individual, Group or No supervision',
  },
  restriction: {
    label: 'Restricted or unrestricted',
    hint: 'Restricted, Unrestricted, or the unrestricted hours',
  },
  notes: { label: 'Notes', hint: 'Experience notes' },
  tasks: { label: 'Tasks', hint: 'Task ids such as A.1; B.2' },
  setting: { label: 'Setting', hint: 'Clinic, School, …' },
  method: { label: 'Method of supervision', hint: 'In Person or Virtual' },
  supervision_start: { label: 'Supervision start time', hint: 'Blank: the whole entry' },
  supervision_end: { label: 'Supervision end time', hint: 'Blank: the whole entry' },
  client_observation: { label: 'Client observation', hint: 'Yes or No' },
  supervision_contact: { label: 'Supervision contact', hint: 'Individual meeting, …' },
};

const HeaderSchema = z.string().min(1).max(200);

/** Each target and the header of the column it reads; a target left out is not in the file. */
export const ImportMappingSchema = z
  .object(
    Object.fromEntries(IMPORT_TARGETS.map((target) => [target, HeaderSchema.optional()])) as Record<
      ImportTarget,
      z.ZodOptional<typeof HeaderSchema>
    >,
  )
  .strict();
export type ImportMapping = z.infer<typeof ImportMappingSchema>;

export const IMPORT_LAYOUTS = ['export', 'generic'] as const;
export type ImportLayout = (typeof IMPORT_LAYOUTS)[number];

/** One row as it will be stored (hours computed as the log form computes them), or its errors. */
export const PreviewRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  type: z.string(),
  supervisor: z.string(),
  setting: z.string(),
  individual_or_group: z.string(),
  method: z.string(),
  supervision: z.string(),
  experience_hours: z.number().nullable(),
  supervised_hours: z.number().nullable(),
  independent_hours: z.number().nullable(),
  unrestricted_hours: z.number().nullable(),
  restricted_hours: z.number().nullable(),
  client_observation: z.string(),
  supervision_contact: z.string(),
  tasks: z.string(),
  notes: z.string(),
  /** The log form's messages, keyed by its fields; empty when the row will be stored. */
  errors: z.record(z.string(), z.array(z.string())),
  /** Stored, but would not count (issue 39: dated before its contract, the first class…). */
  warnings: z.array(z.string()),
});
export type PreviewRow = z.infer<typeof PreviewRowSchema>;

export const ImportPreviewSchema = z.object({
  layout: z.enum(IMPORT_LAYOUTS),
  fileName: z.string(),
  /** SHA-256 of the file: the confirmation must send the same file. */
  sha256: z.string(),
  headers: z.array(z.string()),
  /** The mapping used (generic layout), or the one remembered from the last import. */
  mapping: ImportMappingSchema.nullable(),
  /** A generic file with no usable mapping yet: choose the columns, then preview again. */
  needsMapping: z.boolean(),
  counts: z.object({ rows: z.number(), valid: z.number(), invalid: z.number() }),
  rows: z.array(PreviewRowSchema),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

export const ImportResultSchema = z.object({
  imported: z.number(),
  /** When the logs were stored: each imported log's `created_at`, which marks them in a list. */
  imported_at: z.string(),
  /** The months the logs fell in ('YYYY-MM', oldest first), each with how many. */
  months: z.array(z.object({ month: z.string(), count: z.number() })),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;
