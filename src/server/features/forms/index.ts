export { listUnsignedMonths } from './form-reminders.repository';
export { noSignedMonthlyForm, voidMonth } from './month-forms.repository';
export { monthFormKey } from './official-forms.service';
export { loadPdfCode } from './pdf-code';
