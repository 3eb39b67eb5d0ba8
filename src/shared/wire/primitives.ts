import { z } from 'zod';
import { isValidDate, isValidMonth } from '../logs/time';

/*
 * The wire's building blocks: every text, id and date a request carries is read through one of
 * these, so what the database cannot hold (a NUL, an unpaired surrogate, an id past `integer`, a
 * date that does not exist) is refused as a 400 before any query runs.
 */

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

/** Text from outside (a body, a query): refuses what `isStorableText` refuses. */
export const safeText = (params?: { error: string }) =>
  z
    .string(params)
    .refine((value) => !CONTROL_CHARACTERS.test(value), { error: CONTROL_CHARACTERS_MESSAGE })
    .refine((value) => !LONE_SURROGATE.test(value), { error: LONE_SURROGATE_MESSAGE });

/** The largest id a PostgreSQL `integer` (serial) column holds. */
export const MAX_ID = 2_147_483_647;
export const INVALID_ID = 'Not a valid id';

/** True for an id a row can have: a whole number from 1 to `MAX_ID`. */
export function isStorableId(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_ID;
}

/**
 * An id in a body or a query (a number, or digits as a query string sends it): out of range is a
 * field error, like any malformed input; whether the row exists is the service's question.
 */
export const IdSchema = z
  .union([z.number(), z.string().trim().regex(/^\d+$/, { error: INVALID_ID })], {
    error: INVALID_ID,
  })
  .transform(Number)
  .refine(isStorableId, { error: INVALID_ID });

/** Marks the issue of a path id that is well formed but names no row that can exist. */
export const ID_BEYOND_RANGE = 'id_beyond_range';

/**
 * An id in a path. Digits beyond `MAX_ID` (or 0) are a well-formed address of nothing: the
 * issue carries `ID_BEYOND_RANGE`, which the error handler answers with 404, as for any id that
 * is not there; anything else (letters, signs, decimals) is a 400.
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

/** `{ id }` path parameters. */
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

/** A required text field: trimmed, '⋆Required' when empty, only storable characters. */
export const requiredText = (max = 200) =>
  safeText({ error: REQUIRED })
    .trim()
    .min(1, { error: REQUIRED, abort: true })
    .max(max, { error: `Must be at most ${max} characters` });

// What a name must not hold (issue 36): any control character, tab and line breaks included
// (C0, DEL, C1), and the line and paragraph separators. A name travels into mails (to any
// address a trainee types), PDFs and calendars as one line; a break in it starts a line there
// that its owner never wrote.
// eslint-disable-next-line no-control-regex
const NOT_IN_A_NAME = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

export const NAME_CHARACTERS_MESSAGE = 'Must be one line, without control characters';

/** True for text a name may be: one line, no control characters, well-formed UTF-16. */
export function isNameText(value: string): boolean {
  return !NOT_IN_A_NAME.test(value) && !LONE_SURROGATE.test(value);
}

/**
 * A name from outside (a person's, an organization's): trimmed, then refused when it holds what
 * `isNameText` refuses; '' when blank. Every name field any person fills in is read through it.
 */
export const nameText = (max: number, params?: { error: string }) =>
  z
    .string(params)
    .trim()
    .refine((value) => !NOT_IN_A_NAME.test(value), { error: NAME_CHARACTERS_MESSAGE })
    .refine((value) => !LONE_SURROGATE.test(value), { error: LONE_SURROGATE_MESSAGE })
    .max(max, { error: `Must be at most ${max} characters` });

// Runs of what a name must not hold, anywhere in a text.
const NOT_IN_A_NAME_RUNS = new RegExp(`(?:${NOT_IN_A_NAME.source}|${LONE_SURROGATE.source})+`, 'g');

/**
 * A name from elsewhere (an issuer's ID token) made into one a name field would take: each run
 * of what a name must not hold becomes one space, then it is trimmed and cut to `max` characters
 * (never between the halves of a surrogate pair).
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
