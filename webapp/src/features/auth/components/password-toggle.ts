/**
 * Keyboard-reachable show/hide button whose name does not contain "password", so
 * getByLabel('Password') finds only the input.
 */
export const passwordToggleProps = {
  visibilityToggleFocusable: true,
  visibilityToggleButtonProps: { 'aria-label': 'Show or hide characters' },
} as const;
