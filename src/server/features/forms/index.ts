export { listUnsignedForms } from './reminders/reminders.service';
export { noSignedMonthlyForm, voidMonth } from './month-forms.repository';
export { paperFormsOfRecord } from './paper/paper-forms.service';
