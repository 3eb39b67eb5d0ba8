import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** A calm teal: trustworthy, readable, not loud. */
const brand: MantineColorsTuple = [
  '#e6f7f8',
  '#cdeaed',
  '#9ad4da',
  '#63bdc6',
  '#3aa9b4',
  '#219ca9',
  '#0f8592',
  '#0b6e79',
  '#075c66',
  '#014952',
];

/** The one theme of the product; every page uses it. */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand },
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'md', withBorder: true } },
    // The dialogs' close button is an icon: it needs a name for screen readers.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A titled toast's message is gray.6 by default (3.3:1 on white): gray.7 reads at 5.5:1.
    Notification: { styles: { description: { color: 'var(--mantine-color-gray-7)' } } },
  },
});

/**
 * Mantine's default dimmed text (gray.6, 3.3:1 on white) and error red (red.6, 3.6:1) are under
 * the 4.5:1 that WCAG AA asks of text: gray.7 and red.8 keep the look and read at 5.5:1 or better.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    // White on red.7 (the filled shade) is 3.8:1; on red.8 it is 5.7:1.
    '--mantine-color-red-filled': 'var(--mantine-color-red-8)',
    '--mantine-color-red-filled-hover': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
