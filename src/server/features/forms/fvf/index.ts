// The form engine: the BACB's verification forms, bytes in and bytes out, no database, no
// request (scripts/lint/boundaries.js: imports stay inside this folder, the adapters and shared).
export { loadFvfEngine } from './engine';
export { FVF_VARIANTS, signersOf, type FvfVariant } from './fvf-fields';
export type { FvfFillInput, FvfPerson } from './fvf-template';
export { FORM_MESSAGES, FormTemplateError } from './fvf.errors';
