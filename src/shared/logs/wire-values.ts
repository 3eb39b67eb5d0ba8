import { z } from 'zod';
import { safeText } from '../wire/primitives';

/** A number, numeric string, or ''/null/NaN (an empty `valueAsNumber`) for "not filled in". */
export const WireNumberSchema = z
  .union([z.number(), z.nan(), z.string()], { error: 'Must be a number' })
  .nullish();

export type WireNumber = z.input<typeof WireNumberSchema>;

/** Text on the wire: '' and null both mean "not filled in"; only storable characters. */
export const WireTextSchema = safeText({ error: 'Must be text' }).nullish();

export type ReadNumber =
  { kind: 'absent' } | { kind: 'invalid' } | { kind: 'value'; value: number };

/** Reads a wire number without judging it: the caller decides what absent or invalid means. */
export function readNumber(value: WireNumber): ReadNumber {
  if (value === null || value === undefined) return { kind: 'absent' };
  if (typeof value === 'number') {
    return Number.isNaN(value) ? { kind: 'absent' } : { kind: 'value', value };
  }
  const text = value.trim();
  if (text === '') return { kind: 'absent' };
  const number = Number(text);
  return Number.isFinite(number) ? { kind: 'value', value: number } : { kind: 'invalid' };
}

export function readText(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
}
