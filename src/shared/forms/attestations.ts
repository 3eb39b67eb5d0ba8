import { z } from 'zod';
import { NAME_MAX_LENGTH, nameText } from '../wire/primitives';

// OUR WORDING, not the BACB's (its forms print their own attestation), shown above the typed-name
// box. The BACB accepts any electronic signature made with intent to sign (BACB-RULES "Forms and
// deadlines"), which typing one's full name under this text is.

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

export const FormSignatureSchema = z.object({
  full_name: nameText(NAME_MAX_LENGTH, { error: SIGNATURE_MESSAGES.nameRequired }).min(1, {
    error: SIGNATURE_MESSAGES.nameRequired,
  }),
  attested: z.literal(true, { error: SIGNATURE_MESSAGES.attestationRequired }),
});
