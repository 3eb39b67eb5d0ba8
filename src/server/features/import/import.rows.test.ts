import { describe, expect, it } from 'vitest';
import type { ImportMapping } from '../../../shared/import/import.schema';
import { EXPORT_COLUMNS, NOT_OWN_SUPERVISOR } from '../logs';
import {
  applicableMapping,
  convertExportRow,
  convertMappedRow,
  isExportLayout,
  normaliseDate,
  normaliseTime,
} from './import.rows';

const RECORDS = [
  { id: 7, name: 'Dana', lastname: 'Reyes', email: 'dana@example.com', accessEndedAt: null },
];

describe('dates and times', () => {
  it.each([
    ['2026-03-05', '2026-03-05'],
    ['2026-3-5', '2026-03-05'],
    ['3/5/2026', '2026-03-05'],
    ['12/31/2025', '2025-12-31'],
    ['2026-03-05 09:30', '2026-03-05'],
    ['5 March 2026', '5 March 2026'],
    ['2026-02-30', '2026-02-30'],
  ])('date %s → %s', (input, output) => expect(normaliseDate(input)).toBe(output));

  it.each([
    ['09:00', '09:00'],
    ['9:05', '09:05'],
    ['9:05 AM', '09:05'],
    ['12:00 pm', '12:00'],
    ['12:15 a.m.', '00:15'],
    ['1 PM', '13:00'],
    ['13:45:59', '13:45'],
    ['2026-03-05 14:30', '14:30'],
    ['25:00', '25:00'],
    ['13:00 PM', '13:00 PM'],
    ['noon', 'noon'],
  ])('time %s → %s', (input, output) => expect(normaliseTime(input)).toBe(output));
});

describe('layouts', () => {
  it('knows the product’s own export by its header, case aside', () => {
    expect(isExportLayout([...EXPORT_COLUMNS])).toBe(true);
    expect(isExportLayout(EXPORT_COLUMNS.map((column) => column.toUpperCase()))).toBe(true);
    expect(isExportLayout(EXPORT_COLUMNS.slice(1))).toBe(false);
  });

  it('keeps a saved mapping only when the file has its date, start and end columns', () => {
    const saved: ImportMapping = { date: 'Day', start: 'From', end: 'To', notes: 'Gone' };
    expect(applicableMapping(saved, ['Day', 'From', 'To'])).toEqual({
      date: 'Day',
      start: 'From',
      end: 'To',
    });
    expect(applicableMapping(saved, ['Day', 'From'])).toBeNull();
    expect(applicableMapping(null, ['Day'])).toBeNull();
  });
});

describe('convertExportRow', () => {
  it('reads the export back: names to ids, the supervision starting with the entry, formulas un-neutralised', () => {
    const cells = [
      '2026-03-05',
      '09:00',
      '12:00',
      'Supervised Fieldwork',
      'Dana Reyes',
      "Client's home",
      '3',
      '2',
      '1',
      'Individual',
      'In Person',
      '1',
      '2',
      'Yes',
      '0.5',
      'Observation with a client',
      'A.1; B.2',
      "'=1+1",
      'approved',
      '2026-03-07',
    ];
    const { wire, errors, supervisorText } = convertExportRow(cells, RECORDS);
    expect(errors).toEqual({});
    expect(supervisorText).toBe('Dana Reyes');
    expect(wire).toMatchObject({
      expereince_type: 1,
      setting: 2,
      supervisor: 7,
      supervision_start_time: '09:00',
      supervision_end_time: '10:00',
      supervised_hours: '1',
      client_observation: 'Yes',
      observation_hours: '0.5',
      supervision_contact: 3,
      task: ['A.1', 'B.2'],
      experience_note: '=1+1',
    });
  });

  it('names a supervisor who is not the trainee’s', () => {
    const cells = [
      '2026-03-05',
      '09:00',
      '10:00',
      'Concentrated Supervised Fieldwork',
      'Eve Stranger',
    ];
    const { wire, errors } = convertExportRow(cells, RECORDS);
    expect(wire.expereince_type).toBe(2);
    expect(wire.supervisor).toBeNull();
    expect(errors).toEqual({ supervisor: [NOT_OWN_SUPERVISOR] });
  });

  it('takes the current record of a name a former one shares, the former by its own email or alone', () => {
    const ended = new Date('2026-02-01T00:00:00Z');
    const records = [
      { id: 3, name: 'Dana', lastname: 'Reyes', email: 'old@example.com', accessEndedAt: ended },
      ...RECORDS,
    ];
    const supervisorOf = (text: string) =>
      convertExportRow(['2026-03-05', '09:00', '10:00', 'Supervised', text], records).wire
        .supervisor;
    expect(supervisorOf('Dana Reyes')).toBe(7);
    expect(supervisorOf('Dana')).toBe(7);
    expect(supervisorOf('old@example.com')).toBe(3);
    expect(
      convertExportRow(
        ['2026-03-05', '09:00', '10:00', 'Supervised', 'Dana Reyes'],
        records.slice(0, 1),
      ).wire.supervisor,
    ).toBe(3);
  });
});

describe('convertMappedRow', () => {
  const headers = ['Day', 'From', 'To', 'Kind', 'Who', 'Sup', 'Restr', 'Obs'];
  const mapping: ImportMapping = {
    date: 'Day',
    start: 'From',
    end: 'To',
    individual_or_group: 'Kind',
    supervisor: 'Who',
    supervision: 'Sup',
    restriction: 'Restr',
    client_observation: 'Obs',
  };

  it('supervises the whole entry when no supervision times are mapped; Unrestricted is all of it', () => {
    const { wire } = convertMappedRow(
      ['3/5/2026', '9:00 AM', '11:30 AM', 'group', 'dana@example.com', 'Yes', 'Unrestricted', 'y'],
      headers,
      mapping,
      RECORDS,
    );
    expect(wire).toMatchObject({
      date_of_experience: '2026-03-05',
      time_of_expereince_start: '09:00',
      time_of_expereince_end: '11:30',
      individual_or_group: 'Group',
      supervisor: 7,
      supervision_start_time: '09:00',
      supervision_end_time: '11:30',
      supervised_hours: 2.5,
      unrestricted_hours: 2.5,
      client_observation: 'Yes',
    });
  });

  it('an independent row is No supervision; Restricted is none unrestricted; a number is the hours', () => {
    const independent = convertMappedRow(
      ['2026-03-05', '09:00', '10:00', '', 'Dana', 'Independent', 'Restricted', ''],
      headers,
      mapping,
      RECORDS,
    );
    expect(independent.wire).toMatchObject({
      individual_or_group: 'No supervision',
      unrestricted_hours: 0,
      supervision_start_time: '',
      supervised_hours: '',
    });
    const hours = convertMappedRow(
      ['2026-03-05', '09:00', '10:00', 'Individual', 'Dana', '', '0.75', 'No'],
      headers,
      mapping,
      RECORDS,
    );
    expect(hours.wire.unrestricted_hours).toBe('0.75');
  });

  it('passes what it cannot translate on as it is, for the log form to judge', () => {
    const { wire } = convertMappedRow(
      ['yesterday', 'morning', '', 'Both', '', 'maybe', 'lots', 'perhaps'],
      headers,
      mapping,
      RECORDS,
    );
    expect(wire).toMatchObject({
      date_of_experience: 'yesterday',
      time_of_expereince_start: 'morning',
      time_of_expereince_end: '',
      individual_or_group: 'Both',
      supervisor: null,
      unrestricted_hours: 'lots',
      client_observation: 'perhaps',
    });
  });
});
