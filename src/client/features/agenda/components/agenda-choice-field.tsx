import { Group, Radio } from '@mantine/core';
import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import type { AgendaBox, AgendaFormFields } from './agenda-form-values';

/**
 * One choice among boxes of the contract (Supervised Fieldwork, Practicum, Intensive Practicum;
 * Completed or Not completed; In person or Online): radios on screen, one true box on the wire.
 */
export function AgendaChoiceField({
  label,
  options,
  control,
  setValue,
}: {
  label: string;
  options: readonly { name: AgendaBox; label: string }[];
  control: Control<AgendaFormFields>;
  setValue: UseFormSetValue<AgendaFormFields>;
}) {
  const values = useWatch({ control, name: options.map((option) => option.name) });
  const chosen = options.find((_, index) => values[index] === true)?.name ?? null;
  return (
    <Radio.Group
      label={label}
      value={chosen}
      onChange={(next) => {
        for (const option of options) {
          setValue(option.name, option.name === next, { shouldDirty: true });
        }
      }}
    >
      <Group gap="lg" mt={4}>
        {options.map((option) => (
          <Radio key={option.name} value={option.name} label={option.label} />
        ))}
      </Group>
    </Radio.Group>
  );
}
