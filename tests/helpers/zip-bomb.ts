import ExcelJS from 'exceljs';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { openZip } from '../../src/server/adapters/zip/zip-reader';

/** A zip entry as it is stored: deflated bytes, and the CRC and size its headers declare. */
type StoredEntry = { name: string; deflated: Buffer; crc: number; declaredBytes: number };

/**
 * Raw deflate data that inflates to `inflatedBytes` spaces (a multiple of 1 MiB) in about a
 * thousandth of that: one MiB deflated with a full flush (a byte-aligned, self-contained run of
 * blocks) repeated, then the final empty block. Built in milliseconds, never inflated here.
 */
export function deflateBomb(inflatedBytes: number): Buffer {
  const MIB = 1024 * 1024;
  const segment = deflateRawSync(Buffer.alloc(MIB, 0x20), {
    level: 9,
    finishFlush: constants.Z_FULL_FLUSH,
  });
  const copies = Math.ceil(inflatedBytes / MIB);
  return Buffer.concat([...Array.from({ length: copies }, () => segment), Buffer.from([3, 0])]);
}

/** A zip of these entries, written by hand so that its headers can lie. */
export function writeZip(entries: StoredEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.deflated.length, 18);
    local.writeUInt32LE(entry.declaredBytes, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.deflated.length, 20);
    central.writeUInt32LE(entry.declaredBytes, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.deflated);
    centrals.push(central, name);
    offset += local.length + name.length + entry.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A real one-sheet workbook (ExcelJS) with a header and one row of hours. */
export async function smallXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Hours');
  sheet.addRow(['Date', 'Start', 'End']);
  sheet.addRow(['2026-03-02', '09:00', '10:00']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The spreadsheet of issue 27: a real workbook whose sheet entry declares `declaredBytes` and
 * inflates to `inflatedBytes` (1 MB on the wire for 1 GiB). Every other entry is honest.
 */
export async function xlsxBomb(options: {
  declaredBytes: number;
  inflatedBytes: number;
}): Promise<Buffer> {
  const zip = await openZip(await smallXlsx());
  const entries: StoredEntry[] = [];
  try {
    for (const name of zip.paths) {
      if (name === 'xl/worksheets/sheet1.xml') {
        const deflated = deflateBomb(options.inflatedBytes);
        entries.push({ name, deflated, crc: 0, declaredBytes: options.declaredBytes });
        continue;
      }
      const bytes = await zip.read(name);
      entries.push({
        name,
        deflated: deflateRawSync(bytes),
        crc: crc32(bytes),
        declaredBytes: bytes.length,
      });
    }
  } finally {
    zip.close();
  }
  return writeZip(entries);
}
