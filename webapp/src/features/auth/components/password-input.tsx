import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useId } from 'react';

/**
 * Mantine's PasswordInput with what its inner input lacks for screen readers: it draws the
 * field's error and description but leaves the input without `aria-invalid` and
 * `aria-describedby` (the wrapper is built with `withAria: false`). Its show/hide button is
 * keyboard-reachable, named without "password" so getByLabel('Password') finds only the input.
 */
export function PasswordField({ id, error, description, ...props }: PasswordInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const describedBy = [
    error && typeof error !== 'boolean' ? `${inputId}-error` : null,
    description ? `${inputId}-description` : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <PasswordInput
      id={inputId}
      error={error}
      description={description}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
      visibilityToggleButtonProps={{ 'aria-label': 'Show or hide characters' }}
      visibilityToggleFocusable
      {...props}
    />
  );
}
