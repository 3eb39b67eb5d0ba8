import { PDFDocument } from 'pdf-lib';
import type { AgendaAccrued, MonthlyDocument } from '../../../shared/agenda/agenda.schema';
import { formatHours, formatPercent, hoursToMinutes } from '../../../shared/logs/time';
import type { AccruedTotals } from '../../../shared/progress/accrued.schema';
import { findTask } from '../../../shared/reference/task-lists';
import { embedDejaVu } from '../../adapters/pdf/pdf-fonts';
import { PdfWriter } from '../../adapters/pdf/pdf-writer';

/* A vector A4 PDF, drawn from the agenda's data (issue 10; SPEC §2): not a screenshot. */

export type AgendaPdfInput = {
  document: MonthlyDocument;
  /** The supervisor's name (the agenda stores an id; the page looks the name up). */
  supervisorName: string;
  /** The two accrued tables: the agenda's snapshot, else the figures as of now. */
  accrued: AgendaAccrued;
  /** The month of the Month to Date table, e.g. 'March 2026'. */
  monthLabel: string;
  generatedAt: Date;
};

export const AGENDA_TITLE = 'SUPERVISION CONTACT AGENDA';

/** The sections in the page's order (SPEC §2). */
export const AGENDA_SECTIONS = [
  'Fieldwork Hours Check',
  'Supervisee Check',
  'Observation Check',
  'Clinical Practice Check',
  'Task List Review Check',
] as const;

const TICKED = '☑';
const UNTICKED = '☐';
const CHOSEN = '◉';
const NOT_CHOSEN = '○';
const YES = '✓';
const NO = '—';

/** 'supervision-contact-agenda-20260312-140509.pdf': a name that sorts by when it was made. */
export function agendaFileName(generatedAt: Date): string {
  const stamp = generatedAt.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return `supervision-contact-agenda-${stamp}.pdf`;
}

/** The rows of an accrued table, as the sidebar shows them (SPEC §2). */
function accruedRows(totals: AccruedTotals): [string, string][] {
  return [
    ['Independent Hours', formatHours(hoursToMinutes(totals.independent_hours))],
    ['Unrestricted Hours', formatHours(hoursToMinutes(totals.unrestricted_hours))],
    ['% Unrestricted', formatPercent(totals.percent_unrestricted)],
    ['# Supervision Contacts', String(totals.supervision_contacts)],
    ['% Supervision', formatPercent(totals.percent_supervision)],
  ];
}

/** 'A.1 Identify the goals of behavior analysis…', or the bare id when it is unknown. */
const skillName = (id: string) => {
  const task = findTask(id);
  return task ? `${id} ${task.text}` : id;
};

function sectionHeading(writer: PdfWriter, title: string, isChecked: boolean) {
  writer.gap(10);
  writer.ensureRoom(60); // a heading never ends a page alone
  writer.line([
    { text: isChecked ? TICKED : UNTICKED, x: 0, style: { size: 13, bold: true } },
    { text: title, x: 18, style: { size: 13, bold: true } },
  ]);
  writer.gap(4);
}

function choice(writer: PdfWriter, options: [string, boolean][]) {
  let x = 0;
  const runs = options.flatMap(([label, isChosen]) => {
    const at = x;
    x += 130;
    return [
      { text: isChosen ? CHOSEN : NOT_CHOSEN, x: at },
      { text: label, x: at + 14 },
    ];
  });
  writer.line(runs);
}

export async function renderAgendaPdf(input: AgendaPdfInput): Promise<Uint8Array> {
  const { document: agenda, accrued } = input;
  const doc = await PDFDocument.create();
  doc.setTitle('Supervision Contact Agenda');
  doc.setSubject(`Supervision contact of ${agenda.date}`);
  doc.setCreator('Fieldwork Tracker');
  doc.setProducer('Fieldwork Tracker');
  doc.setCreationDate(input.generatedAt);
  doc.setModificationDate(input.generatedAt);
  doc.setLanguage('en');
  const writer = new PdfWriter(doc, {
    regular: await embedDejaVu(doc, 'regular'),
    bold: await embedDejaVu(doc, 'bold'),
  });

  writer.paragraph(AGENDA_TITLE, { size: 18, bold: true });
  writer.gap(8);
  writer.field('Supervisee', agenda.supervisee);
  writer.field('Supervisor', input.supervisorName);
  writer.field('Date', agenda.date);
  writer.field('Start Time', agenda.startTime);
  writer.field('End Time', agenda.endTime);
  writer.field('Format', agenda.format);

  sectionHeading(writer, 'Fieldwork Hours Check', agenda.fieldHoursCheck);
  const figures = { heading: 'Figure', share: 3 };
  writer.paragraph(`Month to Date (${input.monthLabel})`, { bold: true });
  writer.table([figures, { heading: 'Month to Date', share: 2 }], accruedRows(accrued.weekly));
  writer.gap(6);
  writer.paragraph('Total Accrued', { bold: true });
  writer.table([figures, { heading: 'Total Accrued', share: 2 }], accruedRows(accrued.total));
  writer.gap(6);
  choice(writer, [
    ['Supervised Fieldwork', agenda.supervisedFieldwork],
    ['Practicum', agenda.practicum],
    ['Intensive Practicum', agenda.intensivePracticum],
  ]);

  sectionHeading(writer, 'Supervisee Check', agenda.superviseeCheck);
  writer.field('Feedback', agenda.superviseeFeedback);

  sectionHeading(writer, 'Observation Check', agenda.observationChecK);
  writer.field('Observation date', agenda.observationDate ?? '');
  writer.field('Skills demonstrated', agenda.skills.map(skillName).join('\n'));
  writer.field('Feedback', agenda.observationFeedback);

  sectionHeading(writer, 'Clinical Practice Check', agenda.clinicalPracticeCheck);
  writer.field('Type', agenda.type);
  choice(writer, [
    ['Completed', agenda.completed],
    ['Not completed', agenda.notCompleted],
  ]);
  choice(writer, [
    ['In person', agenda.inPerson],
    ['Online', agenda.online],
  ]);
  writer.field('Feedback', agenda.clinicalPracticeFeedback);

  sectionHeading(writer, 'Task List Review Check', agenda.taskListReviewCheck);
  const mark = (value: boolean) => (value ? YES : NO);
  writer.table(
    [
      { heading: 'Task', share: 2.5 },
      { heading: 'Can Demonstrate', share: 2.5 },
      { heading: 'Can Explain', share: 2 },
      { heading: 'Feedback', share: 5 },
      { heading: 'Review', share: 1.5 },
    ],
    agenda.tasks.map((task) => [
      task.name,
      mark(task.canDemonstrate),
      mark(task.canExplain),
      task.feedback,
      mark(task.review),
    ]),
  );
  if (agenda.tasks.length === 0) writer.paragraph('No tasks reviewed.', { size: 9 });

  const generated = input.generatedAt.toISOString().slice(0, 16).replace('T', ' ');
  writer.finish(`Supervision contact agenda · generated ${generated} UTC by Fieldwork Tracker`);
  return doc.save();
}
