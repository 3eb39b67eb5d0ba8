import {
  PDFCheckBox,
  PDFDict,
  PDFDropdown,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFString,
  PDFTextField,
} from 'pdf-lib';
import type { FormParty } from '../../../../shared/forms/attestations';
import { readPdfText } from '../../../adapters/pdf/pdf-text';

// Reading a form back, also once flattened: for tests, and for checking a stored form later.

export type FvfSigningRecord = {
  fullName: string;
  /** The instant, ISO 8601 in UTC. */
  signedAt: string;
  /** The calendar date as the signer saw it, 'YYYY-MM-DD'. */
  signedOn: string;
};

export const SIGNING_RECORD_KEYS: Readonly<Record<FormParty, string>> = {
  trainee: 'FieldworkTrackerTraineeSignature',
  supervisor: 'FieldworkTrackerSupervisorSignature',
};

export type FvfReadBack = {
  /** Boxes as true/false, or a multi-widget box's chosen "on" name; a choice as its option. */
  fields: Record<string, string | boolean>;
  /** No fields left: flattened after both signatures. */
  isFlattened: boolean;
  /** The text runs of every page, in order (what a reader sees, also for flattened fields). */
  text: string[];
  signatures: Partial<Record<FormParty, FvfSigningRecord>>;
};

/** The document information dictionary (pdf-lib keeps its accessor private). */
export function infoDictOf(doc: PDFDocument): PDFDict | undefined {
  const info = doc.context.lookup(doc.context.trailerInfo.Info);
  return info instanceof PDFDict ? info : undefined;
}

function readSigningRecord(info: PDFDict | undefined, key: string): FvfSigningRecord | undefined {
  const value = info?.lookup(PDFName.of(key));
  if (!(value instanceof PDFString || value instanceof PDFHexString)) return undefined;
  try {
    const record: unknown = JSON.parse(value.decodeText());
    if (
      record !== null &&
      typeof record === 'object' &&
      'fullName' in record &&
      'signedAt' in record &&
      'signedOn' in record &&
      typeof record.fullName === 'string' &&
      typeof record.signedAt === 'string' &&
      typeof record.signedOn === 'string'
    ) {
      return { fullName: record.fullName, signedAt: record.signedAt, signedOn: record.signedOn };
    }
  } catch {
    // Not ours, or damaged: the form simply carries no record.
  }
  return undefined;
}

export async function readFvf(bytes: Uint8Array): Promise<FvfReadBack> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const fieldList = doc.getForm().getFields();
  const fields: Record<string, string | boolean> = {};
  for (const field of fieldList) {
    if (field instanceof PDFTextField) fields[field.getName()] = field.getText() ?? '';
    else if (field instanceof PDFCheckBox) {
      const widgets = field.acroField.getWidgets();
      const value = field.acroField.getValue().decodeText();
      fields[field.getName()] =
        widgets.length > 1 ? (value === 'Off' ? false : value) : field.isChecked();
    } else if (field instanceof PDFDropdown)
      fields[field.getName()] = field.getSelected().join(', ');
  }
  const info = infoDictOf(doc);
  const signatures: FvfReadBack['signatures'] = {};
  for (const party of ['trainee', 'supervisor'] as const) {
    const record = readSigningRecord(info, SIGNING_RECORD_KEYS[party]);
    if (record) signatures[party] = record;
  }
  const text = (await readPdfText(bytes)).flat();
  return { fields, isFlattened: fieldList.length === 0, text, signatures };
}
