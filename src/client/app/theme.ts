import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
  },
});

