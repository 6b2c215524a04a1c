/**
 * Rethread teal, shades 0-9: calm, readable with white text from shade 7 (light) and 8
 * (dark). Plain data with no imports, so both the Mantine theme (theme.ts) and the build
 * (vite.config.ts fills the boot header of index.html) read the one list.
 */
export const BRAND_SHADES = [
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
] as const;
