import { describe, expect, it } from 'vitest';
import { plannedApplicationDate, type RuleSetId } from './rule-sets';
import { standardsInForce } from './standards-in-force';

describe('plannedApplicationDate', () => {
  it.each<[string, string | null, string]>([
    ['2026-11-28', null, '2026-11-28'],
    ['2026-11-28', '2028-05-31', '2028-05-31'],
    ['2026-11-28', '2026-11-28', '2026-11-28'],
    // A finish date already past: the trainee has not applied, so it is today.
    ['2027-02-01', '2026-12-31', '2027-02-01'],
  ])('on %s with finish date %j is %s', (today, finishDate, expected) => {
    expect(plannedApplicationDate(today, finishDate)).toBe(expected);
  });
});

describe('the standards follow the planned application date', () => {
  it.each<[RuleSetId | null, string, string | null, RuleSetId]>([
    [null, '2026-11-28', null, '2022'],
    [null, '2026-11-28', '2026-12-31', '2022'],
    [null, '2026-11-28', '2027-01-01', '2027'],
    [null, '2026-11-28', '2028-05-31', '2027'],
    [null, '2027-01-01', null, '2027'],
    [null, '2027-03-01', '2026-12-31', '2027'],
    ['2022', '2026-11-28', '2028-05-31', '2022'],
    ['2027', '2026-11-28', '2026-12-31', '2027'],
  ])('choice %j, today %s, finish %j: the %s standards', (choice, today, finish, expected) => {
    expect(standardsInForce({ choice, today, finishDate: finish }).ruleSet.id).toBe(expected);
  });
});

describe('standardsInForce', () => {
  it.each<{
    choice: RuleSetId | null;
    today: string;
    finishDate: string | null;
    id: RuleSetId;
    isChosen: boolean;
    reason: string;
    mismatch: string | null;
  }>([
    {
      choice: null,
      today: '2026-11-28',
      finishDate: '2028-05-31',
      id: '2027',
      isChosen: false,
      reason:
        'Your finish date (May 2028) is on or after 1/1/2027, so an application then is judged by the 2027 standards.',
      mismatch: null,
    },
    {
      choice: null,
      today: '2026-11-28',
      finishDate: '2026-12-31',
      id: '2022',
      isChosen: false,
      reason:
        'Your finish date (December 2026) is before 1/1/2027, so an application then is judged by the 2022 standards.',
      mismatch: null,
    },
    {
      choice: null,
      today: '2026-11-28',
      finishDate: null,
      id: '2022',
      isChosen: false,
      reason:
        'With no finish date set, the standards of an application today apply; from 1/1/2027, the 2027 standards.',
      mismatch: null,
    },
    {
      choice: null,
      today: '2027-02-01',
      finishDate: null,
      id: '2027',
      isChosen: false,
      reason: 'Applications from 1/1/2027 are judged by the 2027 standards.',
      mismatch: null,
    },
    {
      choice: '2022',
      today: '2026-11-28',
      finishDate: '2028-05-31',
      id: '2022',
      isChosen: true,
      reason: 'You chose the 2022 standards in your profile.',
      mismatch:
        'Your finish date (May 2028) is on or after 1/1/2027: an application then is judged by the 2027 standards, not the 2022 standards you chose. Change the standards in your profile, or your finish date.',
    },
    {
      choice: '2027',
      today: '2026-11-28',
      finishDate: '2026-12-15',
      id: '2027',
      isChosen: true,
      reason: 'You chose the 2027 standards in your profile.',
      mismatch:
        'Your finish date (December 2026) is before 1/1/2027: an application then is judged by the 2022 standards, not the 2027 standards you chose. Change the standards in your profile, or your finish date.',
    },
    {
      choice: '2027',
      today: '2026-11-28',
      finishDate: '2028-05-31',
      id: '2027',
      isChosen: true,
      reason: 'You chose the 2027 standards in your profile.',
      mismatch: null,
    },
    // No finish date: nothing to disagree with.
    {
      choice: '2027',
      today: '2026-11-28',
      finishDate: null,
      id: '2027',
      isChosen: true,
      reason: 'You chose the 2027 standards in your profile.',
      mismatch: null,
    },
  ])(
    'choice $choice, today $today, finish $finishDate: $id',
    ({ choice, today, finishDate, id, isChosen, reason, mismatch }) => {
      const standards = standardsInForce({ choice, today, finishDate });
      expect(standards.ruleSet.id).toBe(id);
      expect(standards.isChosen).toBe(isChosen);
      expect(standards.reason).toBe(reason);
      expect(standards.mismatch).toBe(mismatch);
    },
  );
});
