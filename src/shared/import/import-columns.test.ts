import { describe, expect, it } from 'vitest';
import { guessMapping, IMPORT_COLUMN_NAMES, normaliseHeader } from './import-columns';
import { IMPORT_TARGETS } from './import.schema';

describe('the names of the columns', () => {
  it('compares headers without case or punctuation', () => {
    expect(normaliseHeader('  Date of Service: ')).toBe('date of service');
    expect(normaliseHeader('Individual/Group')).toBe('individual group');
    expect(normaliseHeader('Observed?')).toBe('observed');
  });

  it('gives each name to one column only, written as compared', () => {
    const all = IMPORT_TARGETS.flatMap((target) => IMPORT_COLUMN_NAMES[target]);
    expect(new Set(all).size).toBe(all.length);
    for (const name of all) expect(normaliseHeader(name)).toBe(name);
  });

  it('guesses a mapping from the headers, the specific targets first', () => {
    expect(
      guessMapping([
        'Date',
        'Start',
        'End',
        'Supervision start',
        'Supervision end',
        'Notes',
        'Observed?',
        'Contact kind',
      ]),
    ).toEqual({
      date: 'Date',
      start: 'Start',
      end: 'End',
      supervision_start: 'Supervision start',
      supervision_end: 'Supervision end',
      notes: 'Notes',
      client_observation: 'Observed?',
      supervision_contact: 'Contact kind',
    });
  });

  it('recognises the common names of each column', () => {
    expect(
      guessMapping([
        'Date of service',
        'Time in',
        'Time out',
        'Fieldwork type',
        'Supervising BCBA',
        'Supervised/Independent',
        'Individual/Group',
        'Restricted or unrestricted',
        'Comments',
        'Task list items',
        'Location',
        'Modality',
        'Supervision start time',
        'Supervision end time',
        'Observed with client',
        'Contact type',
      ]),
    ).toEqual({
      date: 'Date of service',
      start: 'Time in',
      end: 'Time out',
      type: 'Fieldwork type',
      supervisor: 'Supervising BCBA',
      supervision: 'Supervised/Independent',
      individual_or_group: 'Individual/Group',
      restriction: 'Restricted or unrestricted',
      notes: 'Comments',
      tasks: 'Task list items',
      setting: 'Location',
      method: 'Modality',
      supervision_start: 'Supervision start time',
      supervision_end: 'Supervision end time',
      client_observation: 'Observed with client',
      supervision_contact: 'Contact type',
    });
  });

  it('reads "Supervision" holding Individual / No supervision as individual or group', () => {
    const headers = ['Date', 'Start', 'End', 'Supervision'];
    const rows = [
      ['2026-09-01', '09:00', '11:00', 'Individual'],
      ['2026-09-02', '09:00', '11:00', 'No supervision'],
      ['2026-09-03', '09:00', '11:00', ''],
    ];
    expect(guessMapping(headers, rows)).toEqual({
      date: 'Date',
      start: 'Start',
      end: 'End',
      individual_or_group: 'Supervision',
    });
  });

  it('reads "Supervision" holding Supervised / Independent as supervised or independent', () => {
    const rows = [
      ['2026-09-01', 'Supervised'],
      ['2026-09-02', 'Independent'],
      ['2026-09-03', 'independent'],
    ];
    expect(guessMapping(['Date', 'Supervision'], rows)).toEqual({
      date: 'Date',
      supervision: 'Supervision',
    });
  });

  it('takes a header once, for its closest name, and leaves unknown headers out', () => {
    expect(guessMapping(['Start time', 'Session start', 'Mood'])).toEqual({
      start: 'Start time',
    });
  });
});
