import {
  decodePDFRawStream,
  degrees,
  drawText,
  EncryptedPDFError,
  ExceededMaxLengthError,
  PDFCheckBox,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFSignature,
  PDFString,
  PDFTextField,
  rgb,
  type PDFField,
  type PDFFont,
  type PDFForm,
  type PDFWidgetAnnotation,
} from 'pdf-lib';
import type { FvfFieldKind } from './fvf-fields';
import { FORM_MESSAGES, FormTemplateError } from './forms.errors';

/*
 * The AcroForm operations the forms need that pdf-lib does not do as we need them: loading a
 * user's PDF with clear refusals, writing text in DejaVu, the fieldwork-type box, a signature
 * stamped into a box, and flattening that leaves no widget behind.
 */

/** Loads a PDF from outside; what cannot be read or filled is a FormTemplateError. */
export async function loadFormPdf(bytes: Uint8Array): Promise<PDFDocument> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (error) {
    if (error instanceof EncryptedPDFError) throw new FormTemplateError(FORM_MESSAGES.encrypted);
    throw new FormTemplateError(FORM_MESSAGES.notPdf);
  }
  try {
    // An XFA copy of the form would be shown instead of the fields we fill: drop it quietly.
    doc.catalog.getAcroForm()?.dict.delete(PDFName.of('XFA'));
    dropDocumentScripts(doc);
    doc.getForm();
  } catch {
    // pdf-lib reads a header followed by garbage as a document without a catalog.
    throw new FormTemplateError(FORM_MESSAGES.notPdf);
  }
  return doc;
}

/**
 * Removes what runs when the document opens or closes: document-level JavaScript, the catalog's
 * additional actions and an OpenAction that is an action (a page to open at stays). A blank form
 * uploaded by one user is filled for every trainee, so no one's script may travel with it; the
 * fields' own format actions (AFNumber_Format…) stay, since the official forms need them.
 */
function dropDocumentScripts(doc: PDFDocument): void {
  const names = doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  names?.delete(PDFName.of('JavaScript'));
  doc.catalog.delete(PDFName.of('AA'));
  if (doc.catalog.lookup(PDFName.of('OpenAction')) instanceof PDFDict) {
    doc.catalog.delete(PDFName.of('OpenAction'));
  }
}

/** The kind of a field as the variant table names it; null for kinds we never fill. */
export function fieldKindOf(field: PDFField): FvfFieldKind | null {
  if (field instanceof PDFTextField) return 'text';
  if (field instanceof PDFCheckBox) return 'checkbox';
  if (field instanceof PDFSignature) return 'signature';
  return null;
}

/** The JavaScript of a field's format action (/AA /F), '' when it has none. */
function formatScriptOf(field: PDFTextField): string {
  const actions = field.acroField.dict.lookup(PDFName.of('AA'));
  const format = actions instanceof PDFDict ? actions.lookup(PDFName.of('F')) : undefined;
  const script = format instanceof PDFDict ? format.lookup(PDFName.of('JS')) : undefined;
  if (script instanceof PDFString || script instanceof PDFHexString) return script.decodeText();
  if (script instanceof PDFRawStream) {
    return new TextDecoder('latin1').decode(decodePDFRawStream(script).decode());
  }
  return '';
}

/**
 * Writes a text field in our font and locks it. A field whose format script is Acrobat's
 * AFPercent_Format keeps the fraction as its value (0.075), which that script expects, while it
 * shows `shown` ('7.5%'); any other field keeps what it shows.
 */
export function writeText(
  field: PDFTextField,
  shown: string,
  font: PDFFont,
  options: { fraction?: number; lock?: boolean } = {},
): void {
  try {
    field.setText(shown);
  } catch (error) {
    if (error instanceof ExceededMaxLengthError) {
      throw new FormTemplateError(FORM_MESSAGES.tooLong(field.getName()));
    }
    throw error;
  }
  field.updateAppearances(font);
  if (options.fraction !== undefined && formatScriptOf(field).includes('AFPercent_Format')) {
    field.acroField.dict.set(PDFName.of('V'), PDFHexString.fromText(String(options.fraction)));
  }
  if (options.lock ?? true) field.enableReadOnly();
}

/** The "on" state name of a box widget, as text. */
const onValueOf = (widget: PDFWidgetAnnotation) => widget.getOnValue()?.decodeText() ?? '';

/**
 * Ticks the box of a fieldwork type and clears the other. Templates either have a box per type
 * or one box field with a widget per type; in the second case the widget whose "on" name says
 * concentrated is the concentrated one, else the widgets are taken in reading order (supervised
 * first, as the form lists them).
 */
export function tickFieldworkType(
  boxes: { supervised?: PDFCheckBox; concentrated?: PDFCheckBox },
  type: 1 | 2,
  label: string,
): void {
  const { supervised, concentrated } = boxes;
  if (!supervised && !concentrated) return;
  const widgets = supervised?.acroField.getWidgets() ?? [];
  if (supervised && !concentrated && widgets.length >= 2) {
    const ordered = [...widgets].sort((a, b) => {
      const [ra, rb] = [a.getRectangle(), b.getRectangle()];
      // Boxes within a few points of each other's height are on one line: left to right.
      return Math.abs(rb.y - ra.y) < 4 ? ra.x - rb.x : rb.y - ra.y;
    });
    const byName = ordered.find((w) => /concentrated/i.test(onValueOf(w)));
    const concentratedWidget = byName ?? ordered[1];
    const chosen = type === 2 ? concentratedWidget : ordered.find((w) => w !== concentratedWidget);
    const on = chosen?.getOnValue();
    if (!chosen || !on) throw new FormTemplateError(FORM_MESSAGES.noConcentratedBox(label));
    supervised.acroField.dict.set(PDFName.of('V'), on);
    for (const widget of widgets)
      widget.setAppearanceState(widget === chosen ? on : PDFName.of('Off'));
    supervised.enableReadOnly();
    return;
  }
  const [mine, other] = type === 1 ? [supervised, concentrated] : [concentrated, supervised];
  if (!mine) throw new FormTemplateError(FORM_MESSAGES.noConcentratedBox(label));
  mine.check();
  other?.uncheck();
  mine.enableReadOnly();
  other?.enableReadOnly();
}

/** Font size that fits `text` into `width`, no larger than `max`. */
function fittingSize(font: PDFFont, text: string, width: number, max: number): number {
  const atOne = font.widthOfTextAtSize(text, 1);
  return Math.max(4, Math.min(max, atOne === 0 ? max : width / atOne));
}

/**
 * Stamps a typed signature into a signature box: the name, and under it the line saying when
 * it was signed, drawn as the box's appearance so it shows in every viewer and survives
 * flattening. A text field also keeps the name as its value; a /Sig field gets no value (that
 * would claim a cryptographic signature).
 */
export function stampSignature(
  doc: PDFDocument,
  field: PDFTextField | PDFSignature,
  lines: { name: string; note: string },
  font: PDFFont,
): void {
  if (field instanceof PDFTextField) writeText(field, lines.name, font);
  for (const widget of field.acroField.getWidgets()) {
    const { width, height } = widget.getRectangle();
    const padding = 2;
    const noteSize = fittingSize(font, lines.note, width - 2 * padding, Math.min(6, height / 4));
    const nameSize = fittingSize(font, lines.name, width - 2 * padding, (height - noteSize) * 0.6);
    const options = {
      font: 'F0',
      color: rgb(0, 0, 0),
      rotate: degrees(0),
      xSkew: degrees(0),
      ySkew: degrees(0),
    };
    const operators = [
      ...drawText(font.encodeText(lines.name), {
        ...options,
        size: nameSize,
        x: padding,
        y: padding + noteSize * 1.4,
      }),
      ...drawText(font.encodeText(lines.note), {
        ...options,
        size: noteSize,
        x: padding,
        y: padding,
      }),
    ];
    const stream = doc.context.formXObject(operators, {
      BBox: [0, 0, width, height],
      Resources: { Font: { F0: font.ref } },
    });
    widget.setNormalAppearance(doc.context.register(stream));
  }
  field.enableReadOnly();
}

/**
 * Flattens every field into the page so the form can no longer change: appearances stay as
 * written (no regeneration in pdf-lib's Helvetica), a box never filled (a third signature
 * line) gets an empty appearance instead of stopping the flattening, and the calculation order
 * and any widget left on a page go with the fields.
 */
export function flattenForm(doc: PDFDocument, form: PDFForm): void {
  for (const field of form.getFields()) {
    for (const widget of field.acroField.getWidgets()) {
      if (widget.getAppearances()?.normal) continue;
      const { width, height } = widget.getRectangle();
      widget.setNormalAppearance(
        doc.context.register(doc.context.formXObject([], { BBox: [0, 0, width, height] })),
      );
    }
  }
  form.flatten({ updateFieldAppearances: false });
  form.acroForm.dict.delete(PDFName.of('CO'));
  for (const page of doc.getPages()) {
    const annots = page.node.Annots();
    if (!annots) continue;
    for (let index = annots.size() - 1; index >= 0; index -= 1) {
      const annot = annots.lookup(index);
      const isWidget =
        annot instanceof PDFDict && annot.get(PDFName.of('Subtype')) === PDFName.of('Widget');
      if (!annot || isWidget) annots.remove(index);
    }
  }
}
