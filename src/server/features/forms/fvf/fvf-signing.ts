import { PDFHexString, PDFName, PDFSignature, PDFTextField, type PDFForm } from 'pdf-lib';
import type { FormParty } from '../../../../shared/forms/attestations';
import { signingDate } from '../../../../shared/progress/deadline';
import { formatUsDate } from '../../../../shared/logs/time';
import { signersOf, type FvfSlot, type FvfVariant } from './fvf-fields';
import { findField, flattenForm, loadFormPdf, stampSignature, writeText } from './fvf-pdf-fields';
import { infoDictOf, SIGNING_RECORD_KEYS, type FvfSigningRecord } from './fvf-read';
import { recogniseFvfDocument } from './fvf-template';
import { FORM_MESSAGES, FormSigningError } from './fvf.errors';
import { embedDejaVu } from '../../../adapters/pdf/pdf-fonts';
import { saveInert } from '../../../adapters/pdf/pdf-output';

// Signing in the app (issue 10 "Signing", shared/forms/attestations.ts); once every party the
// form has a place for has signed, it is flattened so it can never change.

export type FvfSigner = {
  party: FormParty;
  /** The full name as typed (already parsed by FormSignatureSchema). */
  fullName: string;
  at: Date;
  /** The signer's IANA time zone, for the date they saw; UTC when unknown. */
  timeZone?: string;
};

/** The form after a signature; `signedOn` feeds the deadline (isSignedLate via completedOn). */
export type SignedFvf = {
  bytes: Uint8Array;
  variant: FvfVariant;
  signedOn: string;
  /** Every party the form has a place for has signed: the form is flattened. */
  isComplete: boolean;
};

const SLOTS: Readonly<Record<FormParty, { signature: FvfSlot; date: FvfSlot }>> = {
  trainee: { signature: 'traineeSignature', date: 'traineeSignatureDate' },
  supervisor: { signature: 'supervisorSignature', date: 'supervisorSignatureDate' },
};

function textField(form: PDFForm, variant: FvfVariant, slot: FvfSlot): PDFTextField | undefined {
  const field = findField(form, variant.fields[slot]);
  return field instanceof PDFTextField ? field : undefined;
}

function hasSigned(form: PDFForm, variant: FvfVariant, party: FormParty): boolean {
  return (textField(form, variant, SLOTS[party].date)?.getText() ?? '').trim() !== '';
}

/** '2027-01-31T22:04:05.123Z' → '2027-01-31 22:04 UTC', the moment shown under the name. */
const stampTime = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export async function signFvf(pdf: Uint8Array, signer: FvfSigner): Promise<SignedFvf> {
  const doc = await loadFormPdf(pdf);
  const form = doc.getForm();
  if (form.getFields().length === 0) throw new FormSigningError(FORM_MESSAGES.complete);
  const variant = recogniseFvfDocument(doc);
  if (!signersOf(variant).includes(signer.party)) {
    throw new FormSigningError(FORM_MESSAGES.noPlaceToSign(variant.label, signer.party));
  }
  if (hasSigned(form, variant, signer.party)) {
    throw new FormSigningError(FORM_MESSAGES.alreadySigned(signer.party));
  }

  const font = await embedDejaVu(doc);
  const signedOn = signingDate(signer.at, signer.timeZone);
  const box = findField(form, variant.fields[SLOTS[signer.party].signature]);
  if (box instanceof PDFTextField || box instanceof PDFSignature) {
    const note = `Signed electronically on ${formatUsDate(signedOn)} (${stampTime(signer.at)})`;
    stampSignature(doc, box, { name: `/s/ ${signer.fullName}`, note }, font);
  }
  const dateField = textField(form, variant, SLOTS[signer.party].date);
  if (dateField) writeText(dateField, formatUsDate(signedOn), font);

  const record: FvfSigningRecord = {
    fullName: signer.fullName,
    signedAt: signer.at.toISOString(),
    signedOn,
  };
  doc.setModificationDate(signer.at); // also creates the information dictionary if missing
  infoDictOf(doc)?.set(
    PDFName.of(SIGNING_RECORD_KEYS[signer.party]),
    PDFHexString.fromText(JSON.stringify(record)),
  );

  const isComplete = signersOf(variant).every(
    (party) => party === signer.party || hasSigned(form, variant, party),
  );
  if (isComplete) flattenForm(doc, form);
  const bytes = await saveInert(doc);
  return { bytes, variant, signedOn, isComplete };
}
