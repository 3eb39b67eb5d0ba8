// The log form's widgets that open a dropdown or format a number as it is typed: with Mantine's
// combobox, popover, floating-ui, calendar, dayjs and react-number-format they weigh more than
// the rest of the form (decision 015); with them the notes' autosizing Textarea. They load right
// after the form is drawn (deferred-widgets).
export { MultiSelect, NumberInput, Select, Textarea } from '@mantine/core';
export { DateInput } from '@mantine/dates';
