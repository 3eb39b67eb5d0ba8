import { describe, expect, it } from 'vitest';
import {
  countsAsContact,
  RULE_SETS,
  rulesFor,
  SUPERVISION_CONTACTS,
  type RuleSetId,
} from './rule-sets';

describe('rule sets', () => {
  it.each<[RuleSetId, 1 | 2, Record<string, unknown>]>([
    [
      '2022',
      1,
      {
        hoursGoal: 2000,
        minMonthlyHours: 20,
        maxMonthlyHours: 130,
        minSupervisionPercent: 5,
        minContacts: 4,
        observation: { kind: 'count', minimum: 1 },
        minIndividualPercent: 50,
        minUnrestrictedPercent: 60,
      },
    ],
    [
      '2022',
      2,
      {
        hoursGoal: 1500,
        minMonthlyHours: 20,
        maxMonthlyHours: 130,
        minSupervisionPercent: 10,
        minContacts: 6,
        observation: { kind: 'count', minimum: 1 },
        minIndividualPercent: 50,
        minUnrestrictedPercent: 60,
      },
    ],
    [
      '2027',
      1,
      {
        hoursGoal: 2000,
        minMonthlyHours: 20,
        maxMonthlyHours: 160,
        minSupervisionPercent: 5,
        minContacts: null,
        observation: { kind: 'minutes', minimum: 60 },
        minIndividualPercent: 50,
        minUnrestrictedPercent: 60,
      },
    ],
    [
      '2027',
      2,
      {
        hoursGoal: 1500,
        minMonthlyHours: 20,
        maxMonthlyHours: 160,
        minSupervisionPercent: 7.5,
        minContacts: null,
        observation: { kind: 'minutes', minimum: 90 },
        minIndividualPercent: 50,
        minUnrestrictedPercent: 60,
      },
    ],
  ])('the %s standards for type %i match BACB-RULES', (id, type, expected) => {
    expect(rulesFor(RULE_SETS[id], type)).toEqual(expected);
  });

  it.each<RuleSetId>(['2022', '2027'])(
    'the %s standards allow groups of 2 to 10 within 5 years',
    (id) => {
      expect(RULE_SETS[id]).toMatchObject({ minGroupSize: 2, maxGroupSize: 10, timeLimitYears: 5 });
    },
  );
});

describe('supervision contacts', () => {
  it('lists the contact kinds with ids 1..5', () => {
    expect(SUPERVISION_CONTACTS.map((kind) => kind.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it.each([
    [1, true],
    [2, true],
    [3, true],
    [4, true],
    [5, false],
    [99, false],
    [null, false],
  ])('contact kind %j counts as a contact: %s', (id, expected) => {
    expect(countsAsContact(id)).toBe(expected);
  });

  it('does not count a phone call as a supervision contact', () => {
    expect(SUPERVISION_CONTACTS.find((kind) => kind.contact.startsWith('Phone'))).toEqual({
      id: 5,
      contact: 'Phone call (not a contact)',
      countsAsContact: false,
    });
  });
});
