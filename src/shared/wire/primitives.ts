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

/** Emails are compared case-insensitively: they are trimmed and lower-cased on the way in. */
export const EmailSchema = requiredText(254)
  .toLowerCase()
  .regex(EMAIL_PATTERN, { error: INVALID_EMAIL });
