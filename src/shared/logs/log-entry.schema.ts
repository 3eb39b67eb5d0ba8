import { z } from 'zod';
import type { ExperienceTypeId } from '../reference/lookups';
import { taskVersionOf } from '../reference/task-lists';
import { computeLogHours } from './log-hours';
import { SUPERVISION_CONTACTS } from './rule-sets';
import { createFieldReader, type FieldReader } from './log-entry-reader';
import {
  EXPERIENCE_NOTE_MAX_LENGTH,
  LOG_MESSAGES,
  supervisedHoursTooLong,
  unknownTask,
} from './log-messages';
import {
  CLIENT_OBSERVATION_ANSWERS,
  INDIVIDUAL_OR_GROUP,
  SUPERVISION_METHODS,
  type ClientObservationAnswer,
  type IndividualOrGroup,
  type SupervisionMethod,
} from './log-entry-options';
import { ObservationHoursWireSchema, readObservation } from './observation';
import { addDays, isValidDate } from './time';
import { readText, WireNumberSchema, WireTextSchema } from './wire-values';
import {
  EmailSchema,
  INVALID_EMAIL,
  PersonNameSchema,
  REQUIRED,
  safeText,
} from '../wire/primitives';

/** A log's review status (SPEC §4 "Log status"). */
export const LOG_STATUSES = ['pending', 'approved', 'flagged'] as const;
export type LogStatus = (typeof LOG_STATUSES)[number];

/** What a step of a log's audit history did (the history table and its wire entry). */
export const LOG_HISTORY_ACTIONS = [
  'create',
  'update',
  'delete',
  'restore',
  'approve',
  'flag',
  'resubmit',
  'reopen',
  'import',
] as const;

// The form's fixed choices live apart (the log form draws them before this module loads).
export * from './log-entry-options';

/** The experience-log write payload with the contract's spellings (SPEC §3, §7). */
export const LogEntryWireSchema = z.object({
  expereince_type: WireNumberSchema,
  setting: WireNumberSchema,
  /** The trainee's supervisor record. */
  supervisor: WireNumberSchema,
  /** The same record again in the contract's client; accepted and not read. */
  trainee_supervisor: WireNumberSchema,
  date_of_experience: WireTextSchema,
  time_of_expereince_start: WireTextSchema,
  time_of_expereince_end: WireTextSchema,
  unrestricted_hours: WireNumberSchema,
  restricted_hours: WireNumberSchema,
  experience_hours: WireNumberSchema,
  individual_or_group: WireTextSchema,
  method_of_supervision: WireTextSchema,
  supervision_start_time: WireTextSchema,
  supervision_end_time: WireTextSchema,
  supervised_hours: WireNumberSchema,
  independant_hours: WireNumberSchema,
  client_observation: WireTextSchema,
  observation_hours: ObservationHoursWireSchema,
  supervision_contact: WireNumberSchema,
  task: z.array(safeText(), { error: 'Must be a list of task ids' }).nullish(),
  experience_note: WireTextSchema,
  newSupervisor: WireTextSchema,
  newSupervisorEmail: WireTextSchema,
});

export type LogEntryWire = z.input<typeof LogEntryWireSchema>;

/** A parsed, checked log entry: camelCase, minutes, times as minutes of the day. */
export type LogEntryInput = {
  experienceTypeId: ExperienceTypeId;
  settingId: number;
  /** The supervisor record; null when the entry adds a new supervisor instead. */
  traineeSupervisorId: number | null;
  /** A supervisor to create and link (SPEC §4 '+ Add new'); the email is lower-cased. */
  newSupervisor: { name: string; email: string } | null;
  dateOfExperience: string;
  startMinute: number;
  endMinute: number;
  experienceMinutes: number;
  unrestrictedMinutes: number;
  restrictedMinutes: number;
  individualOrGroup: IndividualOrGroup;
  methodOfSupervision: SupervisionMethod | null;
  supervisionStartMinute: number | null;
  supervisionEndMinute: number | null;
  supervisedMinutes: number;
  independentMinutes: number;
  clientObservation: ClientObservationAnswer | null;
  /** Minutes of observation with a client; null unless clientObservation is 'Yes'. */
  observationMinutes: number | null;
  supervisionContactId: number | null;
  taskIds: string[];
  experienceNote: string;
};

/**
 * The experience-log schema on `today` ('YYYY-MM-DD'): no later date. Counted in UTC (no
 * `isOwnDay`), the trainee's today may be the next day, which is accepted too. Reports every
 * SPEC §5 rule on its field. The client's computed hours are checked but not trusted: minutes are
 * recomputed from the times, so the old client's concentrated hours ×1.33 parse to actual hours.
 * With newSupervisor or newSupervisorEmail filled in, `supervisor` is ignored.
 */
export function makeLogEntrySchema({
  today,
  isOwnDay = false,
}: {
  today: string;
  isOwnDay?: boolean;
}) {
  if (!isValidDate(today)) throw new Error('makeLogEntrySchema: today must be YYYY-MM-DD');
  const latestDate = isOwnDay ? today : addDays(today, 1);

  return LogEntryWireSchema.transform((wire, ctx): LogEntryInput => {
    const read = createFieldReader(wire, (field, message) =>
      ctx.issues.push({ code: 'custom', message, input: wire[field], path: [field] }),
    );

    const type = read.id('expereince_type');
    const experienceTypeId = type === 1 || type === 2 ? type : null;
    if (type !== null && experienceTypeId === null) {
      read.fail('expereince_type', LOG_MESSAGES.unknownExperienceType);
    }
    const settingId = read.id('setting');
    const { traineeSupervisorId, newSupervisor } = readSupervisor(wire, read);

    const date = read.text('date_of_experience');
    if (date !== null && !isValidDate(date)) {
      read.fail('date_of_experience', LOG_MESSAGES.invalidDate);
    } else if (date !== null && date > latestDate) {
      read.fail('date_of_experience', LOG_MESSAGES.futureDate);
    }

    const start = read.time('time_of_expereince_start');
    const end = read.time('time_of_expereince_end');
    const hasWindow = start !== null && end !== null && end > start;
    if (start !== null && end !== null && !hasWindow) {
      read.fail('time_of_expereince_end', LOG_MESSAGES.endNotAfterStart);
    }

    const unrestrictedMinutes = read.minutes('unrestricted_hours');
    // Required and never negative (SPEC §5), then recomputed: the client's figures are not trusted.
    read.minutes('restricted_hours');
    read.minutes('experience_hours');
    if (hasWindow && unrestrictedMinutes !== null && unrestrictedMinutes > end - start) {
      read.fail('unrestricted_hours', LOG_MESSAGES.unrestrictedAboveExperience);
    }

    const individualOrGroup = read.choice(
      'individual_or_group',
      INDIVIDUAL_OR_GROUP,
      LOG_MESSAGES.chooseIndividualOrGroup,
    );
    const isSupervised = individualOrGroup === 'Individual' || individualOrGroup === 'Group';
    // 'No supervision' hides the supervision fields; whatever they still hold is dropped.
    const experience = hasWindow ? { start, end } : null;
    const supervision = isSupervised ? readSupervision(read, experience) : NO_SUPERVISION;

    const taskIds = readTasks(wire.task, read);
    const experienceNote = read.text('experience_note');
    if (experienceNote !== null && experienceNote.length > EXPERIENCE_NOTE_MAX_LENGTH) {
      read.fail('experience_note', LOG_MESSAGES.noteTooLong);
    }

    if (
      read.hasFailed() ||
      experienceTypeId === null ||
      settingId === null ||
      date === null ||
      !hasWindow ||
      unrestrictedMinutes === null ||
      individualOrGroup === null ||
      experienceNote === null
    ) {
      return z.NEVER;
    }
    const hours = computeLogHours({
      start,
      end,
      unrestrictedMinutes,
      supervisionStart: supervision.supervisionStartMinute,
      supervisionEnd: supervision.supervisionEndMinute,
      isSupervised,
    });
    return {
      experienceTypeId,
      settingId,
      traineeSupervisorId,
      newSupervisor,
      dateOfExperience: date,
      startMinute: start,
      endMinute: end,
      unrestrictedMinutes,
      ...hours,
      individualOrGroup,
      ...supervision,
      taskIds,
      experienceNote,
    };
  });
}

export type LogEntrySchema = ReturnType<typeof makeLogEntrySchema>;

/** An existing supervisor record, or a new supervisor's name and email (SPEC §4 '+ Add new'). */
function readSupervisor(
  wire: LogEntryWire,
  read: FieldReader,
): Pick<LogEntryInput, 'traineeSupervisorId' | 'newSupervisor'> {
  const isAddingSupervisor =
    readText(wire.newSupervisor) !== null || readText(wire.newSupervisorEmail) !== null;
  if (!isAddingSupervisor) {
    return { traineeSupervisorId: read.id('supervisor'), newSupervisor: null };
  }

  const name = read.text('newSupervisor');
  // The new record's name, read as every name is (it goes into the invitation mail).
  const nameIssue = name === null ? undefined : PersonNameSchema.safeParse(name).error;
  if (nameIssue) read.fail('newSupervisor', nameIssue.issues[0]?.message ?? REQUIRED);
  const email = read.text('newSupervisorEmail');
  const parsedEmail = email === null ? null : EmailSchema.safeParse(email);
  if (parsedEmail && !parsedEmail.success) {
    read.fail('newSupervisorEmail', parsedEmail.error.issues[0]?.message ?? INVALID_EMAIL);
  }
  return {
    traineeSupervisorId: null,
    newSupervisor:
      name !== null && !nameIssue && parsedEmail?.success
        ? { name, email: parsedEmail.data }
        : null,
  };
}

type SupervisionFields = Pick<
  LogEntryInput,
  | 'methodOfSupervision'
  | 'supervisionStartMinute'
  | 'supervisionEndMinute'
  | 'clientObservation'
  | 'observationMinutes'
  | 'supervisionContactId'
>;

const NO_SUPERVISION: SupervisionFields = {
  methodOfSupervision: null,
  supervisionStartMinute: null,
  supervisionEndMinute: null,
  clientObservation: null,
  observationMinutes: null,
  supervisionContactId: null,
};

/** An Individual or Group entry's supervision fields, with the SPEC §5 window rules. */
function readSupervision(
  read: FieldReader,
  experience: { start: number; end: number } | null,
): SupervisionFields {
  const methodOfSupervision = read.choice(
    'method_of_supervision',
    SUPERVISION_METHODS,
    LOG_MESSAGES.chooseMethod,
  );
  const from = read.time('supervision_start_time');
  const to = read.time('supervision_end_time');
  const supervisedMinutes = read.minutes('supervised_hours');
  read.minutes('independant_hours');
  const clientObservation = read.choice(
    'client_observation',
    CLIENT_OBSERVATION_ANSWERS,
    LOG_MESSAGES.chooseObservation,
  );
  const contact = read.id('supervision_contact');
  if (contact !== null && !SUPERVISION_CONTACTS.some((kind) => kind.id === contact)) {
    read.fail('supervision_contact', LOG_MESSAGES.unknownSupervisionContact);
  }

  if (from !== null && to !== null) {
    const window = to - from;
    if (window <= 0) {
      read.fail('supervision_end_time', LOG_MESSAGES.supervisionEndNotAfterStart);
    } else {
      // SPEC §5 compares the window with experience start to supervision end: the same as asking
      // whether supervision started before the experience.
      if (experience && window > to - experience.start) {
        read.fail('supervision_end_time', LOG_MESSAGES.supervisionExceedsExperience);
        read.fail('supervision_start_time', LOG_MESSAGES.supervisionStartsBeforeExperience);
      }
      if (experience && to > experience.end) {
        read.fail('supervision_end_time', LOG_MESSAGES.supervisionEndsAfterExperience);
      }
      if (supervisedMinutes !== null && supervisedMinutes > window) {
        read.fail('supervised_hours', supervisedHoursTooLong(window));
      }
    }
  }
  const observationMinutes = readObservation(read, { clientObservation, from, to });
  return {
    methodOfSupervision,
    supervisionStartMinute: from,
    supervisionEndMinute: to,
    clientObservation,
    observationMinutes,
    supervisionContactId: contact,
  };
}

/** Task ids in the order given, without repeats; '⋆Required' when there are none. */
function readTasks(value: string[] | null | undefined, read: FieldReader): string[] {
  const ids = [...new Set((value ?? []).map((item) => item.trim()).filter((item) => item !== ''))];
  if (ids.length === 0) read.fail('task', REQUIRED);
  for (const taskId of ids) {
    if (taskVersionOf(taskId) === undefined) read.fail('task', unknownTask(taskId));
  }
  return ids;
}
