import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { passwordToggleProps } from './password-toggle';

type CurrentPasswordInputProps = GetInputPropsReturnType & { label?: string };

/** The account's password, asked again before a change to the account (its email, its
 *  password, closing it). */
export function CurrentPasswordInput({ label = 'Password', ...inputProps }: CurrentPasswordInputProps) {
  return (
    <PasswordInput
      label={label}
      autoComplete="current-password"
      required
      {...passwordToggleProps}
      {...inputProps}
    />
  );
}

interface NewPasswordFieldsProps {
  /** form.getInputProps of the new password (its rule: newPasswordError). */
  password: GetInputPropsReturnType;
  /** form.getInputProps of its confirmation (its rule: passwordsMatchError). */
  confirmation: GetInputPropsReturnType;
}

/** A new password typed twice (reset, change). */
export function NewPasswordFields({ password, confirmation }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordInput
        label="New password"
        autoComplete="new-password"
        required
        {...passwordToggleProps}
        {...password}
      />
      <PasswordInput
        label="Confirm new password"
        autoComplete="new-password"
        required
        {...passwordToggleProps}
        {...confirmation}
      />
    </>
  );
}
