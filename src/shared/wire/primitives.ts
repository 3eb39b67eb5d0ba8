import { z } from 'zod';
import { isValidDate, isValidMonth } from '../logs/time';

// Every text, id and date a request carries is read through these, so what the database cannot
// hold (a NUL, a lone surrogate, an id past `integer`, a nonexistent date) is a 400 before any query.

// Control characters (a NUL cannot even be stored); tab and line breaks are text.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// Half of a surrogate pair without its other half: UTF-8 cannot encode it, so PostgreSQL either
// refuses it (jsonb) or the driver silently replaces it with U+FFFD (text).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters';
export const LONE_SURROGATE_MESSAGE = 'Must not contain invalid characters';

/** True for text the database stores as it was sent: no control characters, well-formed UTF-16. */
export function isStorableText(value: string): boolean {
  return !CONTROL_CHARACTERS.test(value) && !LONE_SURROGATE.test(value);
}

export const safeText = (params?: { error: string }) =>
  z
    .string(params)
    .refine((value) => !CONTROL_CHARACTERS.test(value), { error: CONTROL_CHARACTERS_MESSAGE })
    .refine((value) => !LONE_SURROGATE.test(value), { error: LONE_SURROGATE_MESSAGE });

/** The largest id a PostgreSQL `integer` (serial) column holds. */
export const MAX_ID = 2_147_483_647;
export const INVALID_ID = 'Not a valid id';

export function isStorableId(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_ID;
}

/** A body or query id (a number, or digits): out of range is a field error; existence is not. */
export const IdSchema = z
  .union([z.number(), z.string().trim().regex(/^\d+$/, { error: INVALID_ID })], {
    error: INVALID_ID,
  })
  .transform(Number)
  .refine(isStorableId, { error: INVALID_ID });

/** Marks the issue of a path id that is well formed but names no row that can exist. */
export const ID_BEYOND_RANGE = 'id_beyond_range';

/**
 * A path id: digits beyond `MAX_ID` (or 0) address nothing, so the issue carries `ID_BEYOND_RANGE`
 * and the error handler answers 404, as for any missing id; letters, signs, decimals are a 400.
 */
export const PathIdSchema = z
  .string()
  .regex(/^\d+$/, { error: INVALID_ID, abort: true })
  .refine((value) => isStorableId(Number(value)), {
    error: INVALID_ID,
    params: { [ID_BEYOND_RANGE]: true },
    abort: true,
  })
  .transform(Number);

export const IdParamsSchema = z.object({ id: PathIdSchema });

export const DATE_FORM_MESSAGE = 'Use the form YYYY-MM-DD';
export const INVALID_DATE_MESSAGE = '⋆Invalid date';
export const MONTH_FORM_MESSAGE = 'Use the form YYYY-MM';

/** A calendar date 'YYYY-MM-DD' that exists, year 1000 or later (the log's date rule). */
export const IsoDateSchema = z
  .string({ error: DATE_FORM_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DATE_FORM_MESSAGE, abort: true })
  .refine(isValidDate, { error: INVALID_DATE_MESSAGE });

/** A month 'YYYY-MM', year 1000 or later. */
export const MonthSchema = z
  .string({ error: MONTH_FORM_MESSAGE })
  .refine(isValidMonth, { error: MONTH_FORM_MESSAGE });

/** The message every required field shows when empty (SPEC §5). */
export const REQUIRED = '⋆Required';
export const INVALID_EMAIL = 'Invalid email format';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const requiredText = (max = 200) =>
  safeText({ error: REQUIRED })
    .trim()
    .min(1, { error: REQUIRED, abort: true })
    .max(max, { error: `Must be at most ${max} characters` });

// Not in a name (issue 36): control characters (C0, DEL, C1; tab and breaks included) and the line
// and paragraph separators. A name goes into mails, PDFs and calendars as one line; a break in it
// would start a line its owner never wrote.
// eslint-disable-next-line no-control-regex
const NOT_IN_A_NAME = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

export const NAME_CHARACTERS_MESSAGE = 'Must be one line, without control characters';

/**
 * A name from outside: trimmed, refused when it holds NOT_IN_A_NAME or a lone surrogate; every
 * name field reads it so.
 */
export const nameText = (max: number, params?: { error: string }) =>
  z
    .string(params)
    .trim()
    .refine((value) => !NOT_IN_A_NAME.test(value), { error: NAME_CHARACTERS_MESSAGE })
    .refine((value) => !LONE_SURROGATE.test(value), { error: LONE_SURROGATE_MESSAGE })
    .max(max, { error: `Must be at most ${max} characters` });

const NOT_IN_A_NAME_RUNS = new RegExp(`(?:${NOT_IN_A_NAME.source}|${LONE_SURROGATE.source})+`, 'g');

/**
 * A name from elsewhere (an ID token) made acceptable: each run of what a name must not hold
 * becomes a space, then trimmed and cut to `max` (never inside a surrogate pair).
 */
export function toNameText(value: string, max: number): string {
  const cut = value.replace(NOT_IN_A_NAME_RUNS, ' ').trim().slice(0, max);
  return (/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut).trim();
}

/** The longest name of a person (an account's, a supervisor record's, a signature's). */
export const NAME_MAX_LENGTH = 150;

/** A person's name that must be given (sign-up, profile, a supervisor record): '⋆Required'. */
export const PersonNameSchema = nameText(NAME_MAX_LENGTH, { error: REQUIRED }).min(1, {
  error: REQUIRED,
  abort: true,
});

/** Emails are compared case-insensitively: they are trimmed and lower-cased on the way in. */
export const EmailSchema = requiredText(254)
  .toLowerCase()
  .regex(EMAIL_PATTERN, { error: INVALID_EMAIL });
