// A hostile spreadsheet against an honest one (issue 27, item 2): the preview of the zip bomb
// (1 MB declaring 4 KB, inflating to 1 GiB) and of a real 10,000-row XLSX, each timed to its
// answer, with the rise of this process's peak resident memory (the app runs in it, as in the
// API tests; Linux's VmHWM). Run: `node --import tsx bench/import-bomb.bench.ts`.
import ExcelJS from 'exceljs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/server/db/client';
import { multipart } from '../tests/api/files-support';
import { createTrainee } from '../tests/helpers/factories';
import { GENERIC_HEADER } from '../tests/helpers/import-fixtures';
import { peakRssBytes, resetPeakRss } from '../tests/helpers/peak-rss';
import { createTestApp } from '../tests/helpers/test-app';
import { xlsxBomb } from '../tests/helpers/zip-bomb';

const ROWS = 10_000;

async function honestXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Hours');
  sheet.addRow(GENERIC_HEADER.split(','));
  for (let row = 0; row < ROWS; row += 1) {
    const day = new Date(Date.UTC(2019, 0, 1) + Math.floor(row / 4) * 86_400_000);
    const hour = 8 + (row % 4) * 2;
    sheet.addRow([day.toISOString().slice(0, 10), `${hour}:00`, `${hour + 1}:00`, 'Supervised']);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const dataDir = await mkdtemp(join(tmpdir(), 'import-bomb-bench-'));
const t = await createTestApp({}, { database: await openDatabase({ dataDir }) });
const files = {
  'zip bomb (1 GiB)': await xlsxBomb({ declaredBytes: 4096, inflatedBytes: 1024 ** 3 }),
  [`honest XLSX (${ROWS.toLocaleString('en-US')} rows)`]: await honestXlsx(),
};
console.log(`load average ${loadavg()[0]?.toFixed(1)}`);
console.log('| file | size | answer | time | peak RSS rise |\n|---|---|---|---|---|');
for (const [name, bytes] of Object.entries(files)) {
  const trainee = await createTrainee(t.db);
  const body = await multipart({}, [{ name: 'hours.xlsx', bytes, field: 'file' }]);
  resetPeakRss();
  const before = peakRssBytes();
  const started = performance.now();
  const answer = await t.request({
    method: 'POST',
    url: '/api/v1/import/preview/',
    token: trainee.token,
    ...body,
  });
  const seconds = (performance.now() - started) / 1000;
  const rise = (peakRssBytes() - before) / 1024 / 1024;
  console.log(
    `| ${name} | ${(bytes.length / 1024).toFixed(0)} KB | ${answer.statusCode} | ${seconds.toFixed(2)} s | +${rise.toFixed(0)} MB |`,
  );
}
await t.close();
await rm(dataDir, { recursive: true, force: true });
