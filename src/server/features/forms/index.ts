export { listUnsignedMonths } from './form-reminders.repository';
export { noSignedMonthlyForm, voidMonth } from './month-forms.repository';
export { loadPdfCode } from './pdf-code';
