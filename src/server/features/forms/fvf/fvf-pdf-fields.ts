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

// The AcroForm operations pdf-lib does not do as we need them; output goes through pdf-output.ts.

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

export function fieldKindOf(field: PDFField): FvfFieldKind | null {
  if (field instanceof PDFTextField) return 'text';
  if (field instanceof PDFCheckBox) return 'checkbox';
  if (field instanceof PDFSignature) return 'signature';
  if (field instanceof PDFDropdown || field instanceof PDFOptionList) return 'choice';
  if (field instanceof PDFButton) return 'button';
  return null;
}

/** By its name or an alias, of the entry's kind (a signature may be a text field). */
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

function subDict(doc: PDFDocument, dict: PDFDict, key: PDFName): PDFDict {
  const found = dict.lookup(key);
  if (found instanceof PDFDict) return found;
  const made = doc.context.obj({});
  dict.set(key, made);
  return made;
}

/** Numbered when another font holds the name: a signature's subset of DejaVu is not the fill's. */
function resourceNameOf(doc: PDFDocument, font: PDFFont): string {
  const fonts = subDict(doc, subDict(doc, doc.getForm().acroForm.dict, DR), FONT);
  for (const [key, value] of fonts.entries()) if (value === font.ref) return key.decodeText();
  let name = font.name;
  for (let n = 2; fonts.has(PDFName.of(name)); n += 1) name = `${font.name}_${n}`;
  fonts.set(PDFName.of(name), font.ref);
  return name;
}

/**
 * pdf-lib's `/DA` names the font by its own name, which no `/DR` holds, so a reader that redraws
 * the field has no font for it (issue 36: poppler's "Unknown font tag 'DejaVuSans'").
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
 * Locks the field. A `fraction` (0.075) is kept as the value, as the form's own percent format
 * expects, while the field shows `shown` ('7.5%').
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

const onValueOf = (widget: PDFWidgetAnnotation) => widget.getOnValue()?.decodeText() ?? '';

function readingOrder(widgets: readonly PDFWidgetAnnotation[]): PDFWidgetAnnotation[] {
  return [...widgets].sort((a, b) => {
    const [ra, rb] = [a.getRectangle(), b.getRectangle()];
    // Boxes within a few points of each other's height are on one line: left to right.
    return Math.abs(rb.y - ra.y) < 4 ? ra.x - rb.x : rb.y - ra.y;
  });
}

/** Unknown "on" names fall back to the widgets' reading order against the table's (`expected`). */
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

function fittingSize(font: PDFFont, text: string, width: number, max: number): number {
  const atOne = font.widthOfTextAtSize(text, 1);
  return Math.max(4, Math.min(max, atOne === 0 ? max : width / atOne));
}

/**
 * Drawn as the box's appearance so it shows in every viewer and survives flattening; a /Sig field
 * gets no value (that would claim a cryptographic signature).
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
 * Appearances stay as written (no regeneration in pdf-lib's Helvetica); a box never filled (a
 * third signature line) gets an empty appearance instead of stopping the flattening.
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
