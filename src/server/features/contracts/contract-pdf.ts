import { PDFDocument } from 'pdf-lib';
import { CONTRACT_INTENT } from '../../../shared/contracts/contract.schema';
import { formatUsDate } from '../../../shared/logs/time';
import { embedDejaVu } from '../../adapters/pdf/pdf-fonts';
import { PdfWriter } from '../../adapters/pdf/pdf-writer';

/*
 * The signed contract as a vector A4 PDF (issue 39): what everyone signed, word for word, and
 * each signature with its typed name, date and instant and the statement of intent they
 * affirmed ("each amendment must be signed and dated by all relevant parties").
 */

export type ContractPdfSigner = {
  role: string;
  name: string;
  typedName: string;
  signedOn: string;
  signedAt: Date;
};

export type ContractPdfInput = {
  contractId: number;
  title: string;
  version: number;
  traineeName: string;
  /** The supervisor's name, or the organization's. */
  structureName: string;
  sections: readonly { title: string; body: string }[];
  signers: readonly ContractPdfSigner[];
  completedOn: string;
};

/** 'supervision-contract-12-v2.pdf'. */
export const contractFileName = (contractId: number, version: number) =>
  `supervision-contract-${contractId}-v${version}.pdf`;

export async function renderContractPdf(input: ContractPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const signedAt = input.signers.reduce(
    (latest, signer) => (signer.signedAt > latest ? signer.signedAt : latest),
    new Date(0),
  );
  doc.setTitle(input.title);
  doc.setSubject(`Supervision contract, version ${input.version}`);
  doc.setCreator('Fieldwork Tracker');
  doc.setProducer('Fieldwork Tracker');
  doc.setCreationDate(signedAt);
  doc.setModificationDate(signedAt);
  doc.setLanguage('en');
  const writer = new PdfWriter(doc, {
    regular: await embedDejaVu(doc, 'regular'),
    bold: await embedDejaVu(doc, 'bold'),
  });

  writer.paragraph(input.title, { size: 16, bold: true });
  writer.gap(4);
  writer.paragraph(
    input.version === 1
      ? 'Version 1 (the original contract)'
      : `Version ${input.version}: Amends version ${input.version - 1}`,
    { size: 11, bold: true },
  );
  writer.gap(6);
  writer.field('Trainee', input.traineeName);
  writer.field('Supervision', input.structureName);
  writer.field('Signed by all on', formatUsDate(input.completedOn));

  input.sections.forEach((section, index) => {
    writer.gap(12);
    writer.ensureRoom(50); // a heading never ends a page alone
    writer.paragraph(`${index + 1}. ${section.title}`, { size: 12, bold: true });
    writer.gap(3);
    writer.paragraph(section.body);
  });

  writer.gap(16);
  writer.ensureRoom(80);
  writer.paragraph('Signatures', { size: 12, bold: true });
  writer.gap(3);
  writer.paragraph(`Each party affirmed: “${CONTRACT_INTENT}”`, { size: 9 });
  for (const signer of input.signers) {
    writer.gap(8);
    writer.ensureRoom(60);
    writer.field(signer.role, signer.name);
    writer.field('Signed as', signer.typedName);
    writer.field('Date', formatUsDate(signer.signedOn));
    writer.field(
      'Signed at',
      `${signer.signedAt.toISOString().slice(0, 19).replace('T', ' ')} UTC`,
    );
  }
  writer.finish(
    `Supervision contract ${input.contractId}, version ${input.version} · signed in Fieldwork Tracker`,
  );
  return doc.save();
}
