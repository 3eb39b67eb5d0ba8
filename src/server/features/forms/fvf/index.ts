/*
 * The form engine: the BACB's verification forms, bytes in and bytes out. It recognises a blank
 * (fvf-fields.ts, fvf-pdf-fields.ts), fills it (fvf-template.ts), reads a filled one back
 * (fvf-read.ts) and signs it (fvf-signing.ts). It has no database and no request: the forms
 * feature's services load, decide and store, and the PDF plumbing it stands on is
 * adapters/pdf/. The walls lint keeps it so (scripts/lint/boundaries.js: imports stay inside this
 * folder, the adapters and shared). The rest of the feature uses what this file exports; the heavy part
 * loads on first use.
 */
export { loadFvfEngine } from './engine';
export { FVF_VARIANTS, signersOf, type FvfVariant } from './fvf-fields';
export type { FvfFillInput, FvfPerson } from './fvf-template';
export { FORM_MESSAGES, FormSigningError, FormTemplateError } from './fvf.errors';
