import { Box, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCircle, IconCircleDot, IconMinus } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/*
 * The read-only agenda's ticks and choices: drawn as marks with words for screen readers, not
 * as disabled inputs (which read as "unavailable" and fade below readable contrast).
 */

/** Options shown with which are chosen: the radio groups of the page. */
export function ChoiceMarks({
  label,
  options,
}: {
  label: string;
  options: readonly (readonly [string, boolean])[];
}) {
  return (
    <div>
      <Text size="sm" fw={600} mb={4}>
        {label}
      </Text>
      <Group component="ul" gap="lg" m={0} p={0} style={{ listStyle: 'none' }}>
        {options.map(([option, isOn]) => {
          const Icon = isOn ? IconCircleDot : IconCircle;
          return (
            <Group component="li" key={option} gap={6} wrap="nowrap">
              <Icon
                size={18}
                aria-hidden
                color={isOn ? 'var(--mantine-color-teal-8)' : 'var(--mantine-color-gray-6)'}
              />
              <Text size="sm" fw={isOn ? 600 : 400}>
                {option}
                <VisuallyHidden>{isOn ? ', selected' : ', not selected'}</VisuallyHidden>
              </Text>
            </Group>
          );
        })}
      </Group>
    </div>
  );
}

/** A yes/no cell: a tick or a dash, read as 'Yes' or 'No'. */
export function YesNoMark({ isYes }: { isYes: boolean }) {
  return isYes ? (
    <>
      <IconCheck size={18} aria-hidden color="var(--mantine-color-teal-8)" />
      <VisuallyHidden>Yes</VisuallyHidden>
    </>
  ) : (
    <>
      <IconMinus size={18} aria-hidden color="var(--mantine-color-gray-6)" />
      <VisuallyHidden>No</VisuallyHidden>
    </>
  );
}

/** A labelled value; an empty one says so rather than leaving a gap. */
export function AgendaField({ label, children }: { label: string; children: ReactNode }) {
  const isEmpty = children === '' || children === null || children === undefined;
  return (
    <Box>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="sm" c={isEmpty ? 'dimmed' : undefined} style={{ whiteSpace: 'pre-wrap' }}>
        {isEmpty ? 'Not written' : children}
      </Text>
    </Box>
  );
}
