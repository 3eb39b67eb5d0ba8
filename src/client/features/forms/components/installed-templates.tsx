import { Text } from '@mantine/core';
import {
  FVF_FORM_ABBREVIATIONS,
  type FvfFormName,
} from '../../../../shared/forms/fvf-template.schema';
import { useFvfTemplates } from '../api/get-fvf-templates';

/** The blank forms of one kind (M-FVF or F-FVF) your forms are filled from, or that none is yet. */
export function InstalledTemplates({ form }: { form: FvfFormName }) {
  const templates = useFvfTemplates();
  if (!templates.data) return null;
  const name = FVF_FORM_ABBREVIATIONS[form];
  const labels = templates.data
    .filter((t) => t.form === form)
    .map((t) => `${t.label} (${t.source === 'folder' ? "the operator's" : 'your upload'})`);
  return (
    <Text size="xs" c="dimmed">
      {labels.length > 0
        ? `Blank ${name} installed: ${labels.join(', ')}.`
        : `No blank ${name} is installed yet: the first fill asks for one.`}
    </Text>
  );
}
