import { z } from 'zod';
import { IdSchema, IsoDateSchema, NAME_MAX_LENGTH, nameText, safeText } from '../wire/primitives';

/*
 * The wire of supervision contracts (issue 39). One contract per supervision structure (BCBA
 * Handbook, "Supervision Contract"; a structure is shared/supervisors/form-subject's subject: a
 * supervisor record, or every record at one organization). Its versions are the original (1) and
 * each amendment ("each amendment must be signed and dated by all relevant parties"), never
 * deleted. Routes (all scoped: the trainee's own, or a supervisor of that structure; anyone else
 * gets 404):
 *   GET    /api/v1/contracts/?trainee={id}                      ContractListSchema
 *   POST   /api/v1/contracts/            ContractDraftSchema  → ContractSchema (201, a draft v1)
 *   GET    /api/v1/contracts/{id}/                              ContractSchema
 *   PUT    /api/v1/contracts/{id}/versions/{n}/  ContractEditSchema → ContractSchema
 *   POST   /api/v1/contracts/{id}/versions/{n}/sign/  ContractSignSchema → ContractSchema
 *   GET    /api/v1/contracts/{id}/versions/{n}/document/       the PDF (signed) or the upload
 *   POST   /api/v1/contracts/{id}/amendments/                  ContractSchema (a new draft version)
 *   POST   /api/v1/contracts/upload/     multipart, ContractUploadFieldsSchema → ContractSchema
 *   POST   /api/v1/contracts/{id}/end/   ContractEndSchema → ContractSchema
 *   DELETE /api/v1/contracts/{id}/       204 (a draft nobody signed; kept hidden)
 */

export const CONTRACT_MESSAGES = {
  notFound: 'Contract not found.',
  alreadyExists: 'This supervision structure already has a contract in force: amend it instead.',
  notEditable: 'This version has been signed: amend the contract to change it.',
  changedSinceRead:
    'The contract was edited since you opened it. Read the new text before signing.',
  alreadySigned: 'You have already signed this version.',
  notASigner: 'You are not a party to this contract.',
  sectionRequired: 'Every element of the contract needs its text.',
  intentRequired: 'Confirm that typing your name signs the contract.',
  nameRequired: 'Type your full name to sign',
  endBeforeStart: 'The contract cannot end before it was signed.',
  alreadyEnded: 'This contract has already ended.',
  reasonRequired: 'Say why the contract ends.',
  signedOnRequired: 'Enter the date the contract was signed.',
  signedOnFuture: 'The signing date cannot be in the future.',
  signersRequired: 'Name everyone who signed.',
  notSigned: 'The contract is not in force: nothing to amend or end yet.',
  amendmentPending: 'An amendment is already being signed.',
  noAccount:
    'Invite this supervisor to the tracker so they can sign, or upload the signed contract.',
  endedOnFuture: 'The termination date cannot be in the future.',
  unknownSection: 'This contract has no such element.',
  notOpen: 'This version is no longer being signed.',
  notDiscardable: 'Only a draft nobody has signed can be discarded.',
  noDocument: 'This version has no document yet: it is kept once everyone has signed.',
  noFile: 'Choose the signed contract: a PDF or a picture of it.',
  amendmentBeforeContract: 'An amendment cannot be signed before the contract it amends.',
  notAParty: (name: string, version: number) =>
    `${name} supervises in this structure but is not a party to version ${version}: amend the contract so that they sign it ("All parties are required to sign the supervision contract").`,
  supervisorsRequired: 'This supervision structure has no supervisor with access to sign it.',
} as const;

/** The statement each signer affirms, word for word (any electronic signature made with intent). */
export const CONTRACT_INTENT =
  'I have read this supervision contract and agree to it. I understand that typing my full ' +
  'name below is my electronic signature, with the same effect as signing it by hand.';

export const ContractSectionSchema = z.object({
  /** One of the template's element ids (contract-template.ts); fixed, so none can be dropped. */
  id: z.string(),
  title: z.string(),
  body: z.string(),
});
export type ContractSectionWire = z.infer<typeof ContractSectionSchema>;

export const ContractSignerSchema = z.object({
  party: z.enum(['trainee', 'supervisor']),
  /** The supervisor's record; null for the trainee. */
  trainee_supervisor: z.number().nullable(),
  name: z.string(),
  /** Whether the party has an account that can sign in the app. */
  has_account: z.boolean(),
  signature: z
    .object({ typed_name: z.string(), signed_on: z.string(), signed_at: z.string() })
    .nullable(),
  /** Whether the caller is this party and may sign now. */
  can_sign: z.boolean(),
});

export const ContractVersionSchema = z.object({
  version: z.number(),
  source: z.enum(['app', 'upload']),
  title: z.string(),
  sections: z.array(ContractSectionSchema),
  /** Bumped by each edit; a signature must name the revision it read. */
  revision: z.number(),
  signers: z.array(ContractSignerSchema),
  is_complete: z.boolean(),
  /** The last signature's date (app), or the date declared with an upload. */
  completed_on: z.string().nullable(),
  /** An upload's signers, as declared by the uploader. */
  declared_signers: z.array(z.string()),
  /** Download path of the signed PDF or the uploaded file; null until there is one. */
  document: z.string().nullable(),
  file_name: z.string().nullable(),
  sha256: z.string().nullable(),
  created_at: z.string(),
  /** Template section ids still without text: signable only when empty (contract-template.ts). */
  missing_sections: z.array(z.string()),
  /** For an amendment, the version it amends (the one before it); null for the original. */
  amends: z.number().nullable(),
});
export type ContractVersion = z.infer<typeof ContractVersionSchema>;

/** A warning the contract carries (e.g. the supervisor's 8-hour training dated after it). */
export const ContractFlagSchema = z.object({ code: z.string(), message: z.string() });

export const CONTRACT_EVENT_ACTIONS = [
  'drafted',
  'edited',
  'signed',
  'completed',
  'amended',
  'uploaded',
  'ended',
  'discarded',
] as const;
export type ContractEventAction = (typeof CONTRACT_EVENT_ACTIONS)[number];

export const CONTRACT_STATUSES = ['draft', 'signing', 'in-force', 'ended'] as const;

export const ContractSchema = z.object({
  id: z.number(),
  user: z.number(),
  trainee_name: z.string(),
  trainee_supervisor: z.number(),
  /** shared/supervisors/form-subject `subjectKey`. */
  structure_key: z.string(),
  /** The structure as people read it: the supervisor's name, or the organization's. */
  name: z.string(),
  organization: z.string(),
  status: z.enum(CONTRACT_STATUSES),
  /** The day everyone had signed the original: hours count from it (start-of-fieldwork.ts). */
  starts_on: z.string().nullable(),
  ended_on: z.string().nullable(),
  ended_reason: z.string().nullable(),
  versions: z.array(ContractVersionSchema),
  flags: z.array(ContractFlagSchema),
  can_edit: z.boolean(),
  can_amend: z.boolean(),
  can_end: z.boolean(),
  can_discard: z.boolean(),
  created_at: z.string(),
  /** Every change, oldest first: who did what to which version, and when. */
  history: z.array(
    z.object({
      action: z.enum(CONTRACT_EVENT_ACTIONS),
      version: z.number().nullable(),
      by: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
export type Contract = z.infer<typeof ContractSchema>;

/** A structure of the trainee's and its contract, if any (the list's second half). */
export const ContractStructureSchema = z.object({
  structure_key: z.string(),
  name: z.string(),
  organization: z.string(),
  /** The record a draft would be made with. */
  trainee_supervisor: z.number(),
  supervisors: z.array(
    z.object({ trainee_supervisor: z.number(), name: z.string(), has_account: z.boolean() }),
  ),
  /** The contract in force or being signed, if any. */
  contract: z.number().nullable(),
});

export const ContractListSchema = z.object({
  results: z.array(ContractSchema),
  structures: z.array(ContractStructureSchema),
});
export type ContractList = z.infer<typeof ContractListSchema>;

export const ContractListQuerySchema = z.object({ trainee: IdSchema.optional() });

export const ContractDraftSchema = z.object({ trainee_supervisor: IdSchema });

const SECTION_BODY_MAX = 20_000;

export const ContractEditSchema = z.object({
  title: safeText().trim().min(1, { error: CONTRACT_MESSAGES.sectionRequired }).max(200),
  sections: z
    .array(
      z.object({
        id: z.string().max(60),
        body: safeText()
          .trim()
          .min(1, { error: CONTRACT_MESSAGES.sectionRequired })
          .max(SECTION_BODY_MAX),
      }),
    )
    .max(40),
  /** The revision the editor started from; a stale edit is refused. */
  revision: z.number().int().min(1),
});

export const ContractSignSchema = z.object({
  full_name: nameText(NAME_MAX_LENGTH, { error: CONTRACT_MESSAGES.nameRequired }).min(1, {
    error: CONTRACT_MESSAGES.nameRequired,
  }),
  intent: z.literal(true, { error: CONTRACT_MESSAGES.intentRequired }),
  revision: z.number().int().min(1),
});

export const ContractEndSchema = z.object({
  ended_on: IsoDateSchema,
  reason: safeText().trim().min(1, { error: CONTRACT_MESSAGES.reasonRequired }).max(2000),
});

/** The multipart fields beside the file (`document`). `contract`: upload an amendment to it. */
export const ContractUploadFieldsSchema = z.object({
  trainee_supervisor: IdSchema,
  contract: IdSchema.optional(),
  signed_on: IsoDateSchema,
  /** Everyone who signed, one name per line or comma-separated. */
  signers: safeText().trim().min(1, { error: CONTRACT_MESSAGES.signersRequired }).max(2000),
  title: safeText().trim().max(200).optional(),
});
