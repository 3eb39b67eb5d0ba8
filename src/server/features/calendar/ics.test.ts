import { describe, expect, it } from 'vitest';
import { buildCalendar, escapeText, foldLine, formatUtc } from './ics';

const octets = (line: string) => Buffer.byteLength(line, 'utf8');

describe('escapeText', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b; c', 'a\\, b\\; c'],
    ['back\\slash', 'back\\\\slash'],
    ['two\nlines', 'two\\nlines'],
    ['windows\r\nbreak', 'windows\\nbreak'],
    ['old\rmac', 'old\\nmac'],
  ])('escapes %j as %j', (value, escaped) => {
    expect(escapeText(value)).toBe(escaped);
  });
});

describe('foldLine', () => {
  it('leaves a line of 75 octets whole', () => {
    const line = `SUMMARY:${'a'.repeat(67)}`;
    expect(octets(line)).toBe(75);
    expect(foldLine(line)).toBe(line);
  });

  it('folds a longer line into lines of at most 75 octets, continuations starting with a space', () => {
    const line = `DESCRIPTION:${'x'.repeat(200)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    // 212 octets: 75 on the first line, 74 + the space on the next, the 63 left + the space.
    expect(parts.map(octets)).toEqual([75, 75, 64]);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(parts.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
  });

  it('never splits a multi-byte character', () => {
    // 'é' is 2 octets, '🙂' 4: the fold moves before a character that would pass 75.
    const line = `SUMMARY:${'é'.repeat(40)}${'🙂'.repeat(20)}`;
    const parts = foldLine(line).split('\r\n');
    for (const part of parts) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      expect(part).not.toContain('\uFFFD');
    }
    expect(parts[0]).toBe(`SUMMARY:${'é'.repeat(33)}`);
    expect(octets(parts[0] ?? '')).toBe(74);
    expect(parts.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
  });
});

describe('formatUtc', () => {
  it('writes a UTC date-time without separators or milliseconds', () => {
    expect(formatUtc(new Date('2026-04-10T12:05:09.123Z'))).toBe('20260410T120509Z');
  });
});

describe('buildCalendar', () => {
  const calendar = buildCalendar({
    name: 'Fieldwork, Tracker',
    events: [
      {
        uid: 'log-7@tracker.example.com',
        stamp: new Date('2026-04-01T08:00:00Z'),
        start: { at: new Date('2026-04-02T15:00:00Z') },
        end: { at: new Date('2026-04-02T16:00:00Z') },
        summary: 'Supervision with Ana Núñez; individual',
        description: `Line one\nLine two, ${'long '.repeat(30)}`,
      },
      {
        uid: 'mfvf-3-2026-03@tracker.example.com',
        stamp: new Date('2026-04-01T08:00:00Z'),
        start: { date: '2026-04-30' },
        end: { date: '2026-05-01' },
        summary: 'M-FVF due: March 2026',
      },
    ],
  });

  it('ends every line with CRLF and keeps each at 75 octets or fewer', () => {
    expect(calendar.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(calendar.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of calendar.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
  });

  it('writes the events with their UID, DTSTAMP, times and escaped text', () => {
    const unfolded = calendar.replace(/\r\n /g, '');
    expect(unfolded).toContain(
      [
        'BEGIN:VEVENT',
        'UID:log-7@tracker.example.com',
        'DTSTAMP:20260401T080000Z',
        'DTSTART:20260402T150000Z',
        'DTEND:20260402T160000Z',
        'SUMMARY:Supervision with Ana Núñez\\; individual',
      ].join('\r\n'),
    );
    expect(unfolded).toContain('DESCRIPTION:Line one\\nLine two\\, long long');
    expect(unfolded).toContain('DTSTART;VALUE=DATE:20260430\r\nDTEND;VALUE=DATE:20260501');
    expect(unfolded).toContain('X-WR-CALNAME:Fieldwork\\, Tracker');
    expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  });
});
