import { Card, createTheme, Rating, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { BRAND_SHADES } from './brand';
import alert from './alert.module.css';
import inputs from './inputs.module.css';
import rating from './rating.module.css';

const brand: MantineColorsTuple = BRAND_SHADES;

/**
 * Text on "light" variants (badges, avatars' initials, light buttons) in the light scheme:
 * Mantine's shade is too pale on its tinted background for small text; these reach 4.5:1
 * (checked by axe-core in tests/e2e/test_e2e_accessibility.py).
 */
const LIGHT_VARIANT_TEXT: Record<string, string> = {
  brand: 'var(--mantine-color-brand-9)',
  red: 'var(--mantine-color-red-9)',
  pink: 'var(--mantine-color-pink-9)',
  grape: 'var(--mantine-color-grape-9)',
  violet: 'var(--mantine-color-violet-9)',
  indigo: 'var(--mantine-color-indigo-9)',
  blue: 'var(--mantine-color-blue-9)',
  cyan: '#0b5b6e',
  teal: '#06614a',
  green: '#1c6b2e',
  lime: '#3b6300',
  yellow: '#8a5300',
  orange: '#a33b00',
  gray: 'var(--mantine-color-gray-8)',
};

/**
 * Filled green (Release payment, Accept): Mantine's shade 7 (light) is 2.75:1 under white
 * text and shade 8 (dark) 3.45:1; this green is 5.16:1 and its hover 6.58:1 in both schemes
 * (WCAG AA asks 4.5:1 for the buttons' small text; theme.test.tsx checks the ratio).
 */
export const GREEN_FILLED = { filled: '#267d38', hover: '#1c6b2e' } as const;
/** Filled red (Delete, Suspend, Hide): Mantine's shade 7 is 3.84:1 under white text; red 9
 * is 5.46:1, its hover 6.69:1. */
export const RED_FILLED = { filled: '#c92a2a', hover: '#b02525' } as const;
/** Filled orange (Open dispute): Mantine's shade 7 is 3.04:1 (shade 8, dark, 3.58:1); this
 * is 5.18:1, its hover (the light variants' orange text) 6.60:1. */
export const ORANGE_FILLED = { filled: '#c2410c', hover: '#a33b00' } as const;
/** Set in both schemes: Mantine's filled shades for these colours fail under white text. */
const FILLED_VARIABLES = Object.fromEntries(
  Object.entries({ green: GREEN_FILLED, red: RED_FILLED, orange: ORANGE_FILLED }).flatMap(
    ([color, { filled, hover }]) => [
      [`--mantine-color-${color}-filled`, filled],
      [`--mantine-color-${color}-filled-hover`, hover],
    ],
  ),
);

/**
 * The ring a focused text field draws (inputs.module.css), 2px and at least 3:1 against the page
 * in each scheme (WCAG 2.2 focus appearance): brand 7 on white is 5.0:1; in the dark scheme the
 * filled shade (brand 8) is 2.4:1 on the dark body, so the ring takes brand 4 (6.3:1).
 */
export const FOCUS_RING = { light: BRAND_SHADES[7], dark: BRAND_SHADES[4] } as const;

/** Mantine's dimmed text is too faint for small text in both schemes; these meet WCAG AA. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--rethread-focus-ring': FOCUS_RING.light,
    ...FILLED_VARIABLES,
    ...Object.fromEntries(
      Object.entries(LIGHT_VARIANT_TEXT).map(([color, text]) => [
        `--mantine-color-${color}-light-color`,
        text,
      ]),
    ),
  },
  // dark-2 on the dark body is 4.0:1; dark-1 reads clearly.
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--rethread-focus-ring': FOCUS_RING.dark,
    ...FILLED_VARIABLES,
  },
});

export const theme = createTheme({
  colors: { brand },
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  components: {
    Card: Card.extend({ defaultProps: { radius: 'lg', withBorder: true } }),
    // Every dialog's × gets a name for screen readers (a dialog may name its own, as the tour).
    // Plain objects, not Modal.extend(): importing Modal here would put it in the first page's
    // JavaScript (tests/e2e/test_e2e_page_weight.py), where no page needs it.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Every text field (TextInput, NumberInput, Textarea, Select, PasswordInput...) is drawn by
    // Input, whose styles name is 'Input': a clearly visible ring on focus (inputs.module.css).
    Input: { classNames: { input: inputs.input } },
    // Most alerts only inform (how to pay, a seller away, a hidden listing): a note, not announced
    // on load as Mantine's default role="alert" is. An error or outcome in answer to what the user
    // just did says role="alert" itself. A button in an alert keeps its whole focus ring
    // (alert.module.css).
    Alert: { defaultProps: { role: 'note' }, classNames: { message: alert.message } },
    // Filled stars in orange-8 (3.6:1 on white; Mantine's yellow is 1.8:1), empty ones outlined.
    Rating: Rating.extend({ defaultProps: { color: 'orange.8' }, classNames: { symbolBody: rating.star } }),
  },
});
