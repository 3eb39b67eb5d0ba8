import fc from 'fast-check';
import { z } from 'zod';

/*
 * Arbitrary and hostile values for the property test of every route: what an attacker or a
 * clumsy client sends. Plain random text and numbers, plus the shapes that used to reach the
 * database and fail there (NUL, lone surrogates, ids past `integer`, dates that do not exist).
 */

/** Text that broke the database or the parsers before, and its near misses. */
const NASTY_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  'x\ud800y',
  '\udc00',
  '\ude00\ud83d',
  'x\ud83d\ude00y',
  '\u001f\u007f\u000b',
  '0',
  '-1',
  '1.5',
  '2147483647',
  '2147483648',
  '9007199254740994',
  '9223372036854775808',
  '99999999999999999999999999',
  '1e308',
  'NaN',
  'Infinity',
  '0x10',
  '0000-00-00',
  '2026-02-30',
  '2024-13-01',
  '0999-12-31',
  '9999-12-31',
  '1000-01-01',
  '0000-01',
  '9999-12',
  '24:00',
  '23:59:60',
  "' or 1=1 --",
  '"; drop table users; --',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'constructor.prototype',
  '__proto__[polluted]',
  '\u202e',
  'abc\u202egnp.exe',
  '\u200b\u200d\ufeff',
  'e\u0301\u0301\u0301',
  '<img src=x onerror=alert(1)>',
  "1' union select email from users --",
  '=HYPERLINK("http://evil")',
  '9'.repeat(400),
  '-0',
  '1e-400',
  '١٢٣',
  '𝟙𝟚𝟛',
  'A'.repeat(5001),
];

const SPECIAL_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u001b',
  '\u007f',
  '\ud800',
  '\udbff',
  '\udc00',
  '\ud83d\ude00',
  '\u200b',
  '\ufeff',
  '\uffff',
  '\n',
  '\t',
  "'",
  '"',
  '\\',
  '%',
  '/',
  '?',
  '#',
  '&',
  '=',
  'x',
  '1',
  '-',
  ':',
];

/** Any text: printable, binary, built from the characters that matter, or a known nasty one. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(...SPECIAL_CHARACTERS), maxLength: 12 }),
  fc.constantFrom(...NASTY_STRINGS),
  fc
    .tuple(fc.nat(9999), fc.nat(99), fc.nat(99))
    .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`),
);

/** Any number JSON can carry, with the ids past `integer` and the doubles past integers. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 1.5, 2_147_483_647, 2_147_483_648, 9_007_199_254_740_994, 1e308, -1e308),
);

/** Any JSON value a field may hold instead of what it expects. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      null,
      true,
      false,
      [],
      {},
      // Own keys, as a parsed body has them: JSON.stringify keeps them.
      JSON.parse('{"__proto__":{"polluted":"yes","is_supervisor":true}}') as unknown,
      { constructor: { prototype: { polluted: 'yes' } } },
    ),
  },
  { weight: 1, arbitrary: fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** Ids no `integer` column holds: as numbers, as a double past integers, as digits. */
const HUGE_IDS = [2_147_483_648, 9_007_199_254_740_994, 1e308, '9223372036854775808'];
/** What a clumsy client or an attacker slips into otherwise valid text. */
const INSERTIONS = ['\u0000', '\u0000', '\u0001', '\u000b', '\u001b', '\u007f', '\ud800', '\udc00'];

/**
 * Near misses of a valid value, which pass a careless schema and fail in the database: the same
 * text with a control character or half a surrogate pair in it, a number past `integer`, one
 * element or one property of a list or an object made hostile.
 */
export function perturbed(value: unknown): fc.Arbitrary<unknown> {
  if (typeof value === 'string') {
    const inserted = fc
      .tuple(fc.nat(value.length), fc.constantFrom(...INSERTIONS))
      .map(([at, text]) => value.slice(0, at) + text + value.slice(at));
    // Other digits in the same shape: '2026-03-05' → '0000-00-00', '2026-02-31', '9999-99-99'.
    const reshaped = fc
      .array(fc.nat(9), { minLength: value.length, maxLength: value.length })
      .map((digits) => value.replace(/\d/g, (_digit, at: number) => String(digits[at])));
    return fc.oneof(
      { weight: 3, arbitrary: inserted },
      { weight: /\d/.test(value) ? 3 : 0, arbitrary: reshaped },
      { weight: 1, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    );
  }
  if (typeof value === 'number') {
    return fc.oneof(
      { weight: 2, arbitrary: fc.constantFrom(...HUGE_IDS) },
      { weight: 1, arbitrary: hostileNumber },
      { weight: 1, arbitrary: hostileNumber.map(String) },
    );
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return fc.array(hostileValue, { minLength: 1, maxLength: 2 });
    return fc
      .nat(value.length - 1)
      .chain((at) =>
        perturbed(value[at]).map((item) => value.map((old, index) => (index === at ? item : old))),
      );
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    if (entries.length === 0) return hostileValue;
    return fc
      .nat(entries.length - 1)
      .chain((at) =>
        perturbed(entries[at]?.[1]).map((item) =>
          Object.fromEntries(entries.map(([key, old], index) => [key, index === at ? item : old])),
        ),
      );
  }
  return hostileValue;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/**
 * A path segment or query value as a client would put it in a URL. Text with a lone surrogate
 * has no UTF-8 form: its code units are written as raw (invalid) UTF-8 bytes, as a broken client
 * would send them.
 */
export function encodeUrlPart(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((character) => {
        const unit = character.charCodeAt(0);
        if (character.length > 1 || unit < 0xd800 || unit > 0xdfff) {
          return encodeURIComponent(character);
        }
        const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
        return bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
      })
      .join('');
  }
}

const JsonSchemaNode: z.ZodType<JsonSchemaNode> = z.lazy(() =>
  z.object({
    properties: z.record(z.string(), JsonSchemaNode).optional(),
    anyOf: z.array(JsonSchemaNode).optional(),
    oneOf: z.array(JsonSchemaNode).optional(),
    allOf: z.array(JsonSchemaNode).optional(),
    enum: z.array(z.unknown()).optional(),
    const: z.unknown().optional(),
  }),
);
type JsonSchemaNode = {
  properties?: Record<string, JsonSchemaNode> | undefined;
  anyOf?: JsonSchemaNode[] | undefined;
  oneOf?: JsonSchemaNode[] | undefined;
  allOf?: JsonSchemaNode[] | undefined;
  enum?: unknown[] | undefined;
  const?: unknown;
};

/** A field a route's schema names, with the values its schema lists (enums and constants). */
export type SchemaField = { name: string; listed: unknown[] };

/** The fields of a route's zod schema (body, query or params), every branch of a union included. */
export function fieldsOf(schema: unknown): SchemaField[] {
  if (!(schema instanceof z.ZodType)) return [];
  const json = JsonSchemaNode.parse(
    z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref' }),
  );
  const fields = new Map<string, unknown[]>();
  const visit = (node: JsonSchemaNode) => {
    for (const [name, property] of Object.entries(node.properties ?? {})) {
      const listed = fields.get(name) ?? [];
      listed.push(...listedValues(property));
      fields.set(name, listed);
    }
    for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) {
      visit(branch);
    }
  };
  visit(json);
  return [...fields].map(([name, listed]) => ({ name, listed }));
}

function listedValues(node: JsonSchemaNode): unknown[] {
  const own = [...(node.enum ?? []), ...('const' in node ? [node.const] : [])];
  const branches = [...(node.anyOf ?? []), ...(node.oneOf ?? [])].flatMap(listedValues);
  return [...own, ...branches];
}
