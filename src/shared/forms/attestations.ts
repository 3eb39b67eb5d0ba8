import { z } from 'zod';
import { NAME_MAX_LENGTH, nameText } from '../wire/primitives';

/*
 * What each party attests when they sign a verification form in the app. OUR WORDING, written in
 * the spirit of the BACB's forms (which carry their own attestation, printed on the form itself);
 * it is shown above the typed-name box and is not the BACB's text. The BACB accepts any
 * electronic signature made with intent to sign (BACB-RULES "Forms and deadlines"), which is
 * what typing one's full name under this text is.
 */

/** A party to a verification form. */
export type FormParty = 'trainee' | 'supervisor';

/** The text each party agrees to by signing (our wording, not the BACB's). */
export const ATTESTATIONS: Readonly<Record<FormParty, string>> = {
  trainee:
    'I attest that the information above is accurate and complete, that it reports the ' +
    'fieldwork I completed during the period shown, and that I have kept the records it is ' +
    'based on. I understand that typing my full name below is my electronic signature.',
  supervisor:
    'I attest that the information above is accurate and complete, that I supervised the ' +
    'fieldwork it reports in line with the BACB fieldwork requirements, and that I have ' +
    'reviewed the records it is based on. I understand that typing my full name below is my ' +
    'electronic signature.',
};

export const SIGNATURE_MESSAGES = {
  nameRequired: 'Type your full name to sign',
  attestationRequired: 'Confirm the attestation to sign',
} as const;

/** A signing request: the typed full name and the confirmation of the attestation. */
export const FormSignatureSchema = z.object({
  full_name: nameText(NAME_MAX_LENGTH, { error: SIGNATURE_MESSAGES.nameRequired }).min(1, {
    error: SIGNATURE_MESSAGES.nameRequired,
  }),
  attested: z.literal(true, { error: SIGNATURE_MESSAGES.attestationRequired }),
});
export type FormSignature = z.infer<typeof FormSignatureSchema>;
