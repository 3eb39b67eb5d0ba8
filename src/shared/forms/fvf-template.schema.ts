import { z } from 'zod';
import { RULE_SET_IDS } from '../logs/rule-sets';

// Which variants of the BACB's M-FVF and F-FVF can be filled for the asker. The PDFs are the
// BACB's and never shipped: the operator drops them into FORMS_DIR, or a user uploads their own
// (decision 012).

export const FVF_FORMS = ['monthly', 'final'] as const;
export type FvfFormName = (typeof FVF_FORMS)[number];

/** How people call each form. */
export const FVF_FORM_ABBREVIATIONS: Readonly<Record<FvfFormName, string>> = {
  monthly: 'M-FVF',
  final: 'F-FVF',
};

/** The two layouts the BACB publishes each edition in. */
export const FVF_STRUCTURES = ['individual', 'organization'] as const;
export type FvfStructureName = (typeof FVF_STRUCTURES)[number];

/** Where an installed template came from: the operator's folder (everyone's) or the asker's upload. */
export const FVF_TEMPLATE_SOURCES = ['folder', 'upload'] as const;

export const FvfTemplateSchema = z.object({
  /** e.g. 'mfvf-2022-individual', 'ffvf-2027-organization' */
  variant: z.string(),
  form: z.enum(FVF_FORMS),
  edition: z.enum(RULE_SET_IDS),
  structure: z.enum(FVF_STRUCTURES),
  /** How the form is named to people, e.g. 'M-FVF 2022 (Individual)'. */
  label: z.string(),
  source: z.enum(FVF_TEMPLATE_SOURCES),
  /** When it was uploaded, or the file's modification time in the folder. */
  installed_at: z.string(),
  /** The blank's SHA-256 (hex): each filled form names the one it came from. */
  sha256: z.string(),
});
export type FvfTemplate = z.infer<typeof FvfTemplateSchema>;

export const FvfTemplatesAnswerSchema = z.object({ results: z.array(FvfTemplateSchema) });

export const FVF_TEMPLATE_MESSAGES = {
  inFolder: (label: string) =>
    `The operator has installed the ${label} for everyone; your forms are filled from it.`,
  noFile: 'Choose the blank PDF form to upload.',
} as const;
