import {
  Alert,
  Button,
  Drawer,
  Modal,
  NumberInput,
  PasswordInput,
  Rating,
  Select,
  Textarea,
  TextInput,
  type MantineTheme,
} from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '@/test-utils/render';
import alertClasses from './alert.module.css';
import inputClasses from './inputs.module.css';
import { cssVariablesResolver, FOCUS_RING, GREEN_FILLED, theme } from './theme';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const v = parseInt(hex.slice(i, i + 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}

describe('theme', () => {
  it('draws review stars in a colour that reads on white, and outlines the empty ones', () => {
    const { container } = render(<Rating value={3} readOnly aria-label="3 stars" />);
    const root = container.querySelector('.mantine-Rating-root') as HTMLElement;
    expect(root.style.getPropertyValue('--rating-color')).toBe('var(--mantine-color-orange-8)');
    const stars = container.querySelectorAll('svg');
    expect(stars.length).toBeGreaterThanOrEqual(5);
    // Every star carries the theme's class (rating.module.css outlines the empty ones).
    const classes = [...stars].map((star) => star.getAttribute('class') ?? '');
    expect(classes.every((name) => /star/.test(name))).toBe(true);
  });

  it('fills green buttons (Release payment, Accept) dark enough for white text in both schemes', () => {
    const variables = cssVariablesResolver(theme as MantineTheme);
    for (const scheme of [variables.light, variables.dark]) {
      expect(scheme['--mantine-color-green-filled']).toBe(GREEN_FILLED.filled);
      expect(scheme['--mantine-color-green-filled-hover']).toBe(GREEN_FILLED.hover);
    }
    expect(contrast(GREEN_FILLED.filled, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(GREEN_FILLED.hover, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('fills red (Delete, Suspend, Hide) and orange (Open dispute) buttons dark enough for white text in both schemes, darker on hover', () => {
    const variables = cssVariablesResolver(theme as MantineTheme);
    for (const scheme of [variables.light, variables.dark]) {
      for (const color of ['green', 'red', 'orange']) {
        const filled = scheme[`--mantine-color-${color}-filled`] ?? '';
        const hover = scheme[`--mantine-color-${color}-filled-hover`] ?? '';
        expect(filled, color).toMatch(/^#[0-9a-f]{6}$/i);
        expect(contrast(filled, '#ffffff'), color).toBeGreaterThanOrEqual(4.5);
        expect(contrast(hover, '#ffffff'), `${color} hover`).toBeGreaterThan(contrast(filled, '#ffffff'));
      }
    }
  });

  it("names every dialog's and drawer's close button, and a dialog may name its own", () => {
    render(
      <>
        <Modal opened onClose={() => {}} title="Make an offer">
          body
        </Modal>
        <Drawer opened onClose={() => {}} title="Filters">
          body
        </Drawer>
        <Modal opened onClose={() => {}} title="Tour" closeButtonProps={{ 'aria-label': 'Close tour' }}>
          body
        </Modal>
      </>,
    );
    const closers = document.querySelectorAll('.mantine-Modal-close, .mantine-Drawer-close');
    expect(closers).toHaveLength(3);
    closers.forEach((button) => expect(button.getAttribute('aria-label')?.trim()).toBeTruthy());
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Close tour' })).toBeInTheDocument();
  });

  it('gives every kind of text field the focus ring, in colours that stand out in both schemes', () => {
    render(
      <>
        <TextInput label="Title" />
        <NumberInput label="Price" />
        <Textarea label="Description" />
        <Select label="Size" data={['S', 'M']} />
        <PasswordInput label="Password" />
      </>,
    );
    const boxes = document.querySelectorAll('.mantine-Input-input');
    expect(boxes).toHaveLength(5);
    boxes.forEach((box) => expect(box.classList.contains(inputClasses.input)).toBe(true));
    const variables = cssVariablesResolver(theme as MantineTheme);
    expect(variables.light['--rethread-focus-ring']).toBe(FOCUS_RING.light);
    expect(variables.dark['--rethread-focus-ring']).toBe(FOCUS_RING.dark);
    // WCAG 2.2 focus appearance (and 1.4.11): the ring is 3:1 against the page around it.
    expect(contrast(FOCUS_RING.light, '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(contrast(FOCUS_RING.dark, '#242424')).toBeGreaterThanOrEqual(3);
  });

  it('makes an Alert a note unless it says it is an alert', () => {
    render(
      <>
        <Alert title="Payment instructions">Send the total to the shop.</Alert>
        <Alert title="Failed to load products" role="alert">
          Refresh the page to try again.
        </Alert>
      </>,
    );
    // Information on the page is not announced on load; an error in answer to an action is.
    expect(screen.getByRole('note', { name: 'Payment instructions' })).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toEqual([
      screen.getByRole('alert', { name: 'Failed to load products' }),
    ]);
  });

  it("lets a button's focus ring show whole inside an alert", () => {
    render(
      <Alert title="PayPal is currently unavailable">
        <Button>Switch to peer-to-peer payment</Button>
      </Alert>,
    );
    const message = document.querySelector('.mantine-Alert-message');
    expect(message?.classList.contains(alertClasses.message)).toBe(true);
  });
});
