import { PageSizes, PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  MonthlyDocumentSchema,
  type MonthlyDocumentInput,
} from '../../../shared/agenda/agenda.schema';
import type { AccruedTotals } from '../../../shared/progress/accrued.schema';
import { findTask } from '../../../shared/reference/task-lists';
import {
  AGENDA_SECTIONS,
  AGENDA_TITLE,
  agendaFileName,
  renderAgendaPdf,
  type AgendaPdfInput,
} from './agenda-pdf';
import { readPdfText } from '../../adapters/pdf/pdf-text';

const totals: AccruedTotals = {
  experience_hours: 120,
  independent_hours: 110.33,
  supervised_hours: 9.67,
  unrestricted_hours: 80.5,
  percent_unrestricted: 67.08,
  supervision_contacts: 5,
  percent_supervision: 8.06,
};

function createAgendaInput(document: Partial<MonthlyDocumentInput> = {}): AgendaPdfInput {
  return {
    document: MonthlyDocumentSchema.parse({
      date: '2026-03-12',
      supervisee: 'Zoë Łukasz-Ørsted',
      supervisor: 3,
      startTime: '09:00',
      endTime: '10:30',
      format: 'In Person',
      fieldHoursCheck: true,
      supervisedFieldwork: true,
      superviseeCheck: true,
      superviseeFeedback: 'Asked about graphing.',
      observationChecK: true,
      observationDate: '2026-03-10',
      skills: ['A.1', 'E-10'],
      observationFeedback: 'Clear prompts.',
      type: 'Parent training',
      completed: true,
      online: true,
      taskListReviewCheck: true,
      tasks: [{ name: 'C.1', canDemonstrate: true, feedback: 'Reviewed', review: true }],
      ...document,
    }),
    supervisorName: 'Ana Núñez',
    accrued: {
      total: totals,
      weekly: { ...totals, independent_hours: 18.5, supervision_contacts: 2 },
    },
    monthLabel: 'March 2026',
    generatedAt: new Date('2026-03-12T14:05:09Z'),
  };
}

const render = async (document: Partial<MonthlyDocumentInput> = {}) =>
  renderAgendaPdf(createAgendaInput(document));

describe('renderAgendaPdf: the document', () => {
  it('is A4 on every page, with its title in the document information', async () => {
    const doc = await PDFDocument.load(await render());
    const sizes = doc.getPages().map((page) => [page.getWidth(), page.getHeight()]);
    expect(sizes.length).toBeGreaterThan(0);
    expect(sizes).toEqual(sizes.map(() => PageSizes.A4));
    expect(doc.getTitle()).toBe('Supervision Contact Agenda');
  });

  it('embeds its fonts as TrueType font files (FontFile2)', async () => {
    const doc = await PDFDocument.load(await render());
    const fonts = doc.getPages()[0]?.node.Resources()?.lookup(PDFName.of('Font'));
    if (!(fonts instanceof PDFDict)) throw new Error('no font resources');
    // pdf-lib names a font afresh each time the drawing switches to it: one font, many names.
    const refs = new Set(fonts.values().filter((value) => value instanceof PDFRef));
    const embedded = [...refs].map((ref) => {
      const font = doc.context.lookup(ref, PDFDict);
      const descendant = font.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
      const descriptor = descendant.lookup(PDFName.of('FontDescriptor'), PDFDict);
      const file = descriptor.get(PDFName.of('FontFile2'));
      return {
        base: font.lookup(PDFName.of('BaseFont'), PDFName).decodeText(),
        hasFile: file instanceof PDFRef && doc.context.lookup(file) instanceof PDFStream,
        hasToUnicode: font.has(PDFName.of('ToUnicode')),
      };
    });
    expect(embedded).toHaveLength(2);
    for (const font of embedded) {
      expect(font.base).toMatch(/^DejaVuSans(-Bold)?-\d+$/);
      expect(font.hasFile).toBe(true);
      expect(font.hasToUnicode).toBe(true);
    }
  });

  it('is named with the moment it was generated', () => {
    expect(agendaFileName(new Date('2026-03-12T14:05:09.250Z'))).toBe(
      'supervision-contact-agenda-20260312-140509.pdf',
    );
  });
});

describe('renderAgendaPdf: the text, read back from the page', () => {
  it('shows the title and every section of the page, in order', async () => {
    const [page] = await readPdfText(await render());
    const headings = [AGENDA_TITLE, ...AGENDA_SECTIONS].map((heading) => page?.indexOf(heading));
    expect(headings.every((index) => index !== undefined && index >= 0)).toBe(true);
    expect([...headings].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(headings);
  });

  it('shows the header fields with a name outside ASCII as text', async () => {
    const [page = []] = await readPdfText(await render());
    const labels = ['Supervisee', 'Supervisor', 'Date', 'Start Time', 'End Time', 'Format'];
    expect(page).toEqual(expect.arrayContaining(labels));
    expect(page).toEqual(
      expect.arrayContaining([
        'Zoë Łukasz-Ørsted',
        'Ana Núñez',
        '2026-03-12',
        '09:00',
        '10:30',
        'In Person',
      ]),
    );
  });

  it('shows both accrued tables with the sidebar’s rows, hours to the quarter', async () => {
    const [page = []] = await readPdfText(await render());
    const after = (label: string, from = 0) => page[page.indexOf(label, from) + 1];
    const monthTable = page.indexOf('Month to Date (March 2026)');
    const totalTable = page.indexOf('Total Accrued', monthTable);
    expect(monthTable).toBeGreaterThan(0);
    expect(totalTable).toBeGreaterThan(monthTable);
    expect(after('Independent Hours', monthTable)).toBe('18.5');
    expect(after('# Supervision Contacts', monthTable)).toBe('2');
    expect(after('Independent Hours', totalTable)).toBe('110.25');
    expect(after('% Unrestricted', totalTable)).toBe('67.1%');
    expect(after('% Supervision', totalTable)).toBe('8.1%');
  });

  it('marks ticked sections and chosen options', async () => {
    const [page = []] = await readPdfText(await render({ clinicalPracticeCheck: false }));
    const markOf = (label: string) => page[page.indexOf(label) - 1];
    expect(markOf('Fieldwork Hours Check')).toBe('☑');
    expect(markOf('Clinical Practice Check')).toBe('☐');
    expect([
      markOf('Supervised Fieldwork'),
      markOf('Practicum'),
      markOf('Intensive Practicum'),
    ]).toEqual(['◉', '○', '○']);
    expect([
      markOf('Completed'),
      markOf('Not completed'),
      markOf('In person'),
      markOf('Online'),
    ]).toEqual(['◉', '○', '○', '◉']);
  });

  it('names the skills demonstrated, keeping an id it does not know', async () => {
    const text = (await readPdfText(await render())).flat().join('\n');
    const first = findTask('A.1');
    expect(first).toBeDefined();
    expect(text).toContain(`A.1 ${first?.text.slice(0, 30) ?? ''}`);
    expect(text).toMatch(/\nE-10\n/);
  });

  it('draws what the user typed as text, never as markup or PDF operators', async () => {
    const typed = 'Asked (why?) about <b>tags</b> /F1 12 Tf BT ET \\ and ✓';
    const [page = []] = await readPdfText(await render({ superviseeFeedback: typed }));
    expect(page).toContain(typed);
  });

  it('shows the task review table with a mark per column', async () => {
    const page = (await readPdfText(await render())).flat();
    const row = page.indexOf('C.1');
    expect(page.slice(row, row + 5)).toEqual(['C.1', '✓', '—', 'Reviewed', '✓']);
  });

  it('says so when no task was reviewed', async () => {
    const text = (await readPdfText(await render({ tasks: [] }))).flat();
    expect(text).toContain('No tasks reviewed.');
  });
});

describe('renderAgendaPdf: long agendas', () => {
  const tasks = Array.from({ length: 30 }, (_, index) => ({
    name: `C.${index + 1}`,
    feedback: index === 4 ? 'practice '.repeat(550).trim() : 'Reviewed with examples',
  }));

  it('runs onto more A4 pages, numbering them and repeating the table heading', async () => {
    const bytes = await render({ tasks });
    const pages = await readPdfText(bytes);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    });
    const withHeading = pages.filter((page) => page.includes('Can Explain'));
    expect(withHeading.length).toBe(pages.length - 1); // every page but the first
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPages().every((page) => page.getHeight() === PageSizes.A4[1])).toBe(true);
  });

  it('keeps every word of a feedback longer than a page, wrapped and split between pages', async () => {
    const text = (await readPdfText(await render({ tasks }))).flat().join(' ');
    expect(text.match(/practice/g)).toHaveLength(550);
    expect(text).toContain('C.30');
  });

  it('breaks a word wider than its column instead of letting it run off the page', async () => {
    const word = 'x'.repeat(400);
    const [page = []] = await readPdfText(await render({ superviseeFeedback: word }));
    const pieces = page.filter((run) => /^x+$/.test(run));
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(word);
  });
});
