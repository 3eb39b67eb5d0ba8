export { listUnsignedForms } from './form-reminders.service';
export { noSignedMonthlyForm, voidMonth } from './month-forms.repository';
export { paperFormsOfRecord } from './paper-forms.service';
