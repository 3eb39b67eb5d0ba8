import { PageSizes, rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';

/* Text is always drawn as text in an embedded font: user input cannot become PDF operators. */

const MARGIN = 48;
const FOOTER = 28;
const GREY = rgb(0.45, 0.45, 0.45);
const RULE = rgb(0.75, 0.75, 0.75);
const SHADE = rgb(0.93, 0.93, 0.93);

export type Column = { heading: string; share: number };

export type TextStyle = { size?: number; bold?: boolean; color?: ReturnType<typeof rgb> };

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** They would draw as missing glyphs. */
const printable = (text: string) => text.replace(/\t/g, '    ').replace(CONTROL, ' ');

export class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  private readonly pages: PDFPage[] = [];
  readonly width = PageSizes.A4[0] - 2 * MARGIN;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
  ) {
    this.addPage();
  }

  private addPage() {
    this.page = this.doc.addPage(PageSizes.A4);
    this.pages.push(this.page);
    this.y = this.page.getHeight() - MARGIN;
  }

  ensureRoom(height: number) {
    if (this.y - height < MARGIN + FOOTER) this.addPage();
  }

  gap(points: number) {
    this.y -= points;
  }

  private font(style: TextStyle) {
    return style.bold ? this.fonts.bold : this.fonts.regular;
  }

  wrap(text: string, width: number, style: TextStyle = {}): string[] {
    const font = this.font(style);
    const size = style.size ?? 10;
    const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
    const lines: string[] = [];
    for (const paragraph of printable(text).split(/\r\n|\r|\n/)) {
      let line = '';
      for (const word of paragraph.split(' ')) {
        const candidate = line === '' ? word : `${line} ${word}`;
        if (fits(candidate)) {
          line = candidate;
          continue;
        }
        if (line !== '') lines.push(line);
        line = '';
        for (const char of word) {
          if (!fits(line + char) && line !== '') {
            lines.push(line);
            line = '';
          }
          line += char;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  private lineHeight(style: TextStyle) {
    return (style.size ?? 10) * 1.35;
  }

  private draw(text: string, x: number, y: number, style: TextStyle) {
    if (text === '') return;
    this.page.drawText(text, {
      x: MARGIN + x,
      y,
      size: style.size ?? 10,
      font: this.font(style),
      color: style.color ?? rgb(0, 0, 0),
    });
  }

  paragraph(text: string, style: TextStyle = {}, indent = 0) {
    const height = this.lineHeight(style);
    for (const line of this.wrap(text, this.width - indent, style)) {
      this.ensureRoom(height);
      this.y -= height;
      this.draw(line, indent, this.y + height * 0.25, style);
    }
  }

  line(runs: { text: string; x: number; style?: TextStyle }[]) {
    const height = Math.max(...runs.map((run) => this.lineHeight(run.style ?? {})));
    this.ensureRoom(height);
    this.y -= height;
    for (const run of runs) this.draw(run.text, run.x, this.y + height * 0.25, run.style ?? {});
  }

  field(label: string, value: string, labelWidth = 130) {
    const style = { size: 10 };
    const lines = this.wrap(value === '' ? '—' : value, this.width - labelWidth, style);
    const height = this.lineHeight(style);
    // Keep the label with at least two lines of its value; a long value then flows on.
    this.ensureRoom(height * Math.min(lines.length, 2));
    lines.forEach((line, index) => {
      this.ensureRoom(height);
      this.y -= height;
      if (index === 0) this.draw(label, 0, this.y + height * 0.25, { ...style, bold: true });
      this.draw(line, labelWidth, this.y + height * 0.25, style);
    });
  }

  /** A row moves to the next page whole when it fits there; a taller one is split. */
  table(columns: Column[], rows: string[][], size = 9) {
    const total = columns.reduce((sum, column) => sum + column.share, 0);
    const widths = columns.map((column) => (column.share / total) * this.width);
    const lineHeight = size * 1.35;
    const padding = 6;
    const cellLines = (cells: string[], bold: boolean) =>
      cells.map((cell, index) => this.wrap(cell, (widths[index] ?? 0) - 8, { size, bold }));
    const heightOf = (cells: string[][]) =>
      Math.max(...cells.map((lines) => lines.length)) * lineHeight + padding;
    const room = () => this.y - (MARGIN + FOOTER);
    const drawRow = (cells: string[][], bold: boolean) => {
      const height = heightOf(cells);
      const top = this.y;
      if (bold) {
        this.page.drawRectangle({
          x: MARGIN,
          y: top - height,
          width: this.width,
          height,
          color: SHADE,
        });
      }
      let x = 0;
      cells.forEach((lines, index) => {
        lines.forEach((text, row) => {
          const baseline = top - padding / 2 - (row + 1) * lineHeight + lineHeight * 0.25;
          this.draw(text, x + 4, baseline, { size, bold });
        });
        x += widths[index] ?? 0;
      });
      this.y = top - height;
      this.page.drawLine({
        start: { x: MARGIN, y: this.y },
        end: { x: MARGIN + this.width, y: this.y },
        thickness: 0.5,
        color: RULE,
      });
    };
    const heading = cellLines(
      columns.map((column) => column.heading),
      true,
    );
    const newPage = () => {
      this.addPage();
      drawRow(heading, true);
    };
    this.ensureRoom(heightOf(heading) + lineHeight + padding);
    drawRow(heading, true);
    const pageRoom = this.page.getHeight() - 2 * MARGIN - FOOTER - heightOf(heading);
    for (const row of rows) {
      let cells = cellLines(row, false);
      if (heightOf(cells) > room() && heightOf(cells) <= pageRoom) newPage();
      while (heightOf(cells) > room()) {
        const fitting = Math.floor((room() - padding) / lineHeight);
        if (fitting < 1) {
          newPage();
          continue;
        }
        drawRow(
          cells.map((lines) => lines.slice(0, fitting)),
          false,
        );
        cells = cells.map((lines) => lines.slice(fitting));
        newPage();
      }
      drawRow(cells, false);
    }
  }

  /** Call once, at the end. */
  finish(note: string) {
    const size = 8;
    this.pages.forEach((page, index) => {
      const label = `Page ${index + 1} of ${this.pages.length}`;
      const width = this.fonts.regular.widthOfTextAtSize(label, size);
      const options = { size, font: this.fonts.regular, color: GREY, y: MARGIN - 8 };
      page.drawText(note, { ...options, x: MARGIN });
      page.drawText(label, { ...options, x: MARGIN + this.width - width });
    });
  }
}
