import { describe, expect, it } from 'vitest';
import { PATHWAY_MESSAGES, pathwayLabel, startFieldsProblem } from './pathway';
import { PathwaySchema } from './profile-update.schema';

const TODAY = '2026-04-10';

describe('startFieldsProblem (Handbook, "Starting Fieldwork": "if applying under pathway 1 or 2 … the first class meeting")', () => {
  it.each<[number | null, string | null, string | null]>([
    [null, null, null],
    [1, null, PATHWAY_MESSAGES.firstClassRequired],
    [2, null, PATHWAY_MESSAGES.firstClassRequired],
    [2, '2026-04-10', null], // today
    [2, '2026-04-11', PATHWAY_MESSAGES.firstClassFuture],
    [1, '2025-09-02', null],
    // Pathways 3 and 4 start with no coursework: the date is neither asked nor judged.
    [3, null, null],
    [4, '2026-05-01', null],
  ])('pathway %s, first class %s: %s', (pathway, firstClassOn, message) => {
    expect(startFieldsProblem({ pathway, firstClassOn }, TODAY)?.message ?? null).toBe(message);
  });
});

describe('the pathways (Handbook, "Eligibility Pathways")', () => {
  it('names each by the Handbook', () => {
    expect(pathwayLabel(2)).toBe('Pathway 2: Behavior-Analytic Coursework');
    expect(pathwayLabel(4)).toBe('Pathway 4: Postdoctoral Experience');
  });

  it.each([[1], [4], [null]])('accepts %s', (value) => {
    expect(PathwaySchema.safeParse(value).success).toBe(true);
  });

  it.each([[0], [5], ['2'], [1.5]])('refuses %s', (value) => {
    const parsed = PathwaySchema.safeParse(value);
    expect(parsed.error?.issues[0]?.message).toBe(PATHWAY_MESSAGES.invalid);
  });
});
