import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { realNow } from './test-now';

/** One received mail, as the tests read it. */
export type ReceivedMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  /** The real instant (not TEST_NOW's) it arrived. */
  receivedAt: number;
};

/**
 * A real SMTP receiver on loopback. Each mail is parsed and written as JSON into `mailDir`, where
 * the test workers (other processes) read it.
 */
export async function startMailReceiver(
  mailDir: string,
): Promise<{ port: number; close: () => Promise<void> }> {
  mkdirSync(mailDir, { recursive: true });
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'));
        const received: ReceivedMail = {
          ...mail,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          // The real clock, whichever process this runs in (TEST_NOW moves Date where the specs load).
          receivedAt: realNow(),
        };
        sequence += 1;
        const file = path.join(
          mailDir,
          `${received.receivedAt}-${String(sequence).padStart(5, '0')}.json`,
        );
        writeFileSync(file, JSON.stringify(received));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('the SMTP receiver has no port');
  return {
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Part = { headers: Map<string, string>; body: string };

/** Just enough MIME for our own mails: headers, multipart/alternative, QP and base64. */
export function parseMail(raw: string): { from: string; subject: string; text: string } {
  const message = splitPart(raw);
  const text = findText(message) ?? '';
  return {
    from: message.headers.get('from') ?? '',
    subject: decodeWords(message.headers.get('subject') ?? ''),
    text,
  };
}

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function findText(part: Part): string | null {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const pieces = part.body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) {
      if (piece.startsWith('--')) break;
      const found = findText(splitPart(piece.replace(/^\n/, '')));
      if (found !== null) return found;
    }
    return null;
  }
  if (!type.toLowerCase().startsWith('text/plain')) return null;
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=). */
function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([QB])\?([^?]*)\?=/gi,
    (_match, _charset, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}
