import { Group, Text } from '@mantine/core';

/** The product's mark and name. */
export function Brand({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const px = size === 'lg' ? 40 : 30;
  return (
    <Group gap={10} wrap="nowrap">
      <svg width={px} height={px} viewBox="0 0 64 64" aria-hidden focusable="false">
        <rect width="64" height="64" rx="14" fill="var(--mantine-color-brand-7)" />
        <path
          d="M18 34l9 9 19-21"
          fill="none"
          stroke="#fff"
          strokeWidth="7"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <Text fw={700} size={size === 'lg' ? 'xl' : 'lg'} c="brand.8">
        Fieldwork Tracker
      </Text>
    </Group>
  );
}
