import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrorsOf } from '../errors';
import { MonthFormCreateRequestSchema, MonthFormSignRequestSchema } from './month-form.schema';

/** The field-keyed messages a schema gives, in the API's `{ field: [message] }` shape. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
}

describe('MonthFormCreateRequestSchema', () => {
  it('takes a month, one of the trainee’s supervisor records, a fieldwork type and the prorated box', () => {
    expect(
      MonthFormCreateRequestSchema.parse({
        month: '2026-03',
        trainee_supervisor: '12',
        expereince_type: 2,
        prorated: true,
      }),
    ).toEqual({ month: '2026-03', trainee_supervisor: 12, expereince_type: 2, prorated: true });
  });

  it('drops a structure or organization sent by the client: the supervisor record decides it', () => {
    expect(
      MonthFormCreateRequestSchema.parse({
        month: '2026-03',
        trainee_supervisor: 12,
        expereince_type: 1,
        structure: 'organization',
        organization_name: 'Acme',
      }),
    ).toEqual({ month: '2026-03', trainee_supervisor: 12, expereince_type: 1 });
  });

  it.each([
    [{ month: '2026-3' }, 'month', 'Use the form YYYY-MM'],
    [{ trainee_supervisor: 0 }, 'trainee_supervisor', 'Not a valid id'],
    [
      { expereince_type: 3 },
      'expereince_type',
      'Choose supervised (1) or concentrated (2) fieldwork',
    ],
    [
      { expereince_type: '1' },
      'expereince_type',
      'Choose supervised (1) or concentrated (2) fieldwork',
    ],
    [{ prorated: 'yes' }, 'prorated', 'Invalid input: expected boolean, received string'],
  ])('refuses %j', (change, field, message) => {
    const valid = { month: '2026-03', trainee_supervisor: 1, expereince_type: 1 };
    expect(errorsOf(MonthFormCreateRequestSchema, { ...valid, ...change })).toEqual({
      [field]: [message],
    });
  });
});

describe('MonthFormSignRequestSchema', () => {
  it.each([
    ['America/Los_Angeles', true],
    ['Pacific/Kiritimati', true],
    ['UTC', true],
    ['Mars/Olympus', false],
    ['', false],
  ])('time zone %j is accepted: %s', (timeZone, isAccepted) => {
    const result = MonthFormSignRequestSchema.safeParse({
      full_name: 'Ana Núñez',
      attested: true,
      time_zone: timeZone,
    });
    expect(result.success).toBe(isAccepted);
  });

  it('needs the typed name and the attestation; the time zone may be left out', () => {
    expect(MonthFormSignRequestSchema.parse({ full_name: ' Ana ', attested: true })).toEqual({
      full_name: 'Ana',
      attested: true,
    });
    expect(errorsOf(MonthFormSignRequestSchema, { full_name: 'Ana', attested: 'yes' })).toEqual({
      attested: ['Confirm the attestation to sign'],
    });
  });
});
