/* A small iCalendar (RFC 5545) writer: nothing else of the format is needed, so no library. */

/** An instant (written in UTC) or a whole day ('YYYY-MM-DD'). */
export type IcsTime = { at: Date } | { date: string };

export type IcsEvent = {
  /** Stable for the same event across fetches, so a calendar app updates instead of duplicating. */
  uid: string;
  stamp: Date;
  start: IcsTime;
  end: IcsTime;
  summary: string;
  description?: string;
  url?: string;
};

const LINE_OCTETS = 75;

/** RFC 5545 §3.3.11. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** RFC 5545 §3.1: a continuation's leading space counts toward its 75; never inside a character. */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = lines.length === 0 ? LINE_OCTETS : LINE_OCTETS - 1;
    if (octets + size > limit) {
      lines.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join('\r\n ');
}

/** An instant as an iCalendar UTC DATE-TIME: 20260410T120000Z. */
export function formatUtc(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

function timeProperty(name: 'DTSTART' | 'DTEND', time: IcsTime): string {
  return 'at' in time
    ? `${name}:${formatUtc(time.at)}`
    : `${name};VALUE=DATE:${time.date.replace(/-/g, '')}`;
}

export function buildCalendar(opts: { name: string; events: readonly IcsEvent[] }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Fieldwork Tracker//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(opts.name)}`,
  ];
  for (const event of opts.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${formatUtc(event.stamp)}`,
      timeProperty('DTSTART', event.start),
      timeProperty('DTEND', event.end),
      `SUMMARY:${escapeText(event.summary)}`,
    );
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.url) lines.push(`URL:${event.url}`);
    lines.push('TRANSP:OPAQUE', 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map((line) => `${foldLine(line)}\r\n`).join('');
}
