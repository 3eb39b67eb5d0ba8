export { listUnsignedForms } from './form-reminders.service';
export { noSignedMonthlyForm, voidMonth } from './month-forms.repository';
export { loadPdfCode } from './pdf-code';
