import {
  degrees,
  drawText,
  EncryptedPDFError,
  ExceededMaxLengthError,
  PDFButton,
  PDFCheckBox,
  PDFDict,
  PDFDocument,
  PDFDropdown,
  PDFHexString,
  PDFName,
  PDFOptionList,
  PDFSignature,
  PDFTextField,
  rgb,
  type PDFField,
  type PDFFont,
  type PDFForm,
  type PDFWidgetAnnotation,
} from 'pdf-lib';
import { useSpecNameDecoding } from '../../../adapters/pdf/pdf-load-check.child.mjs';
import type { FvfField, FvfFieldKind } from './fvf-fields';
import { FORM_MESSAGES, FormTemplateError } from './fvf.errors';

// Names are read as the PDF specification says (`#4a` is `J`), as the upload check reads them.
useSpecNameDecoding(PDFName);

/*
 * The AcroForm operations the forms need that pdf-lib does not do as we need them: loading a
 * user's PDF with clear refusals, finding a field by the table's names, writing text in DejaVu, a
 * box ticked by its "on" value, a signature stamped into a box, and flattening that leaves no
 * widget behind. What is written out goes through pdf-output.ts.
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
    // An XFA copy of the form would be shown instead of the fields we fill.
    doc.catalog.getAcroForm()?.dict.delete(PDFName.of('XFA'));
    doc.getForm();
  } catch {
    // pdf-lib reads a header followed by garbage as a document without a catalog.
    throw new FormTemplateError(FORM_MESSAGES.notPdf);
  }
  return doc;
}

/** The kind of a field as the variant table names it; null for kinds we never fill. */
export function fieldKindOf(field: PDFField): FvfFieldKind | null {
  if (field instanceof PDFTextField) return 'text';
  if (field instanceof PDFCheckBox) return 'checkbox';
  if (field instanceof PDFSignature) return 'signature';
  if (field instanceof PDFDropdown || field instanceof PDFOptionList) return 'choice';
  if (field instanceof PDFButton) return 'button';
  return null;
}

/**
 * The template's field for a table entry, by its name or one of its other spellings, when it is
 * of the kind the entry needs (a signature may be a text field).
 */
export function findField(form: PDFForm, spec: FvfField | undefined): PDFField | undefined {
  if (!spec) return undefined;
  for (const name of [spec.name, ...(spec.aliases ?? [])]) {
    const field = form.getFieldMaybe(name);
    const kind = field ? fieldKindOf(field) : null;
    if (field && (kind === spec.kind || (spec.kind === 'signature' && kind === 'text'))) {
      return field;
    }
  }
  return undefined;
}

const DR = PDFName.of('DR');
const FONT = PDFName.of('Font');

/** A dictionary entry of `dict`, made empty when it has none. */
function subDict(doc: PDFDocument, dict: PDFDict, key: PDFName): PDFDict {
  const found = dict.lookup(key);
  if (found instanceof PDFDict) return found;
  const made = doc.context.obj({});
  dict.set(key, made);
  return made;
}

/**
 * The name the AcroForm's `/DR` gives `font`, which it gets if it has none (under the font's own
 * name, or that name numbered when another font holds it: a signature's subset of DejaVu is not
 * the fill's).
 */
function resourceNameOf(doc: PDFDocument, font: PDFFont): string {
  const fonts = subDict(doc, subDict(doc, doc.getForm().acroForm.dict, DR), FONT);
  for (const [key, value] of fonts.entries()) if (value === font.ref) return key.decodeText();
  let name = font.name;
  for (let n = 2; fonts.has(PDFName.of(name)); n += 1) name = `${font.name}_${n}`;
  fonts.set(PDFName.of(name), font.ref);
  return name;
}

/**
 * Makes the default appearance (`/DA`) of a field just drawn in `font`, and of its widgets, name
 * that font as the AcroForm's `/DR` has it: pdf-lib writes the font's own name, which no `/DR`
 * holds, so a reader that redraws the field (ignoring the appearance we drew, or told to by
 * `/NeedAppearances`) has no font for it (issue 36: poppler's "Unknown font tag 'DejaVuSans'").
 */
export function nameFontInResources(field: PDFField, font: PDFFont): void {
  const name = resourceNameOf(field.doc, font);
  const renamed = (da: string | undefined) =>
    da?.replace(/\/[^\s/<>[\]()%]+(\s+[\d.+-]+\s+Tf)/, `/${name}$1`);
  const set = (owner: {
    getDefaultAppearance(): string | undefined;
    setDefaultAppearance(da: string): void;
  }) => {
    const da = renamed(owner.getDefaultAppearance());
    if (da !== undefined) owner.setDefaultAppearance(da);
  };
  set(field.acroField);
  for (const widget of field.acroField.getWidgets()) set(widget);
}

/**
 * Writes a text field in our font and locks it. A field that holds a fraction for the reader
 * (the percent supervised: `fraction`, 0.075) keeps it as its value, as the form's own percent
 * format expects, while it shows `shown` ('7.5%'); any other field keeps what it shows.
 */
export function writeText(
  field: PDFTextField,
  shown: string,
  font: PDFFont,
  options: { fraction?: string; lock?: boolean } = {},
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
  nameFontInResources(field, font);
  if (options.fraction !== undefined) {
    field.acroField.dict.set(PDFName.of('V'), PDFHexString.fromText(options.fraction));
    // A reader that redraws the field from its value needs the fraction's digits in our subset.
    font.encodeText(options.fraction);
  }
  if (options.lock ?? true) field.enableReadOnly();
}

/** The "on" state name of a box widget, as text. */
const onValueOf = (widget: PDFWidgetAnnotation) => widget.getOnValue()?.decodeText() ?? '';

/** Widgets in reading order: top to bottom, left to right within a line. */
function readingOrder(widgets: readonly PDFWidgetAnnotation[]): PDFWidgetAnnotation[] {
  return [...widgets].sort((a, b) => {
    const [ra, rb] = [a.getRectangle(), b.getRectangle()];
    // Boxes within a few points of each other's height are on one line: left to right.
    return Math.abs(rb.y - ra.y) < 4 ? ra.x - rb.x : rb.y - ra.y;
  });
}

/**
 * Ticks the widget of a box whose "on" value is `wanted` (null: none) and clears the others.
 * The value is matched as written, then ignoring case and spaces at the ends; a template whose
 * widgets carry other names is read in the order the table lists them (`expected`).
 */
export function tickBox(
  box: PDFCheckBox,
  wanted: string | null,
  expected: readonly string[],
  label: string,
): void {
  const widgets = box.acroField.getWidgets();
  const loose = (value: string) => value.trim().toLowerCase();
  let chosen: PDFWidgetAnnotation | undefined;
  if (wanted !== null) {
    chosen =
      widgets.find((widget) => onValueOf(widget) === wanted) ??
      widgets.find((widget) => loose(onValueOf(widget)) === loose(wanted));
    const ordered = readingOrder(widgets);
    if (!chosen && ordered.length === expected.length) chosen = ordered[expected.indexOf(wanted)];
    if (!chosen?.getOnValue()) {
      throw new FormTemplateError(FORM_MESSAGES.noBox(label, box.getName(), wanted));
    }
  }
  const on = chosen?.getOnValue();
  box.acroField.dict.set(PDFName.of('V'), on ?? PDFName.of('Off'));
  for (const widget of widgets) {
    widget.setAppearanceState(widget === chosen && on ? on : PDFName.of('Off'));
  }
  box.enableReadOnly();
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
