import { Card, createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** Rethread teal: calm, readable with white text from shade 7 (light) and 8 (dark). */
const brand: MantineColorsTuple = [
  '#e7f8f5',
  '#cdeee8',
  '#9ddcd1',
  '#69c9b9',
  '#40b8a5',
  '#26ad98',
  '#14a08b',
  '#0b7d6d',
  '#086a5c',
  '#04574b',
];

/** Mantine dims text with gray-6, too faint for small text on white; gray-7 meets WCAG AA. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});

export const theme = createTheme({
  colors: { brand },
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  components: {
    Card: Card.extend({ defaultProps: { radius: 'lg', withBorder: true } }),
  },
});
