import type { GetInputPropsReturnType } from '@mantine/form';
import { PasswordField } from './password-input';

type CurrentPasswordInputProps = GetInputPropsReturnType & { label?: string };

/** The account's password, asked again before a change to the account (its email, its
 *  password, closing it). */
export function CurrentPasswordInput({ label = 'Password', ...inputProps }: CurrentPasswordInputProps) {
  return <PasswordField label={label} autoComplete="current-password" required {...inputProps} />;
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
      <PasswordField label="New password" autoComplete="new-password" required {...password} />
      <PasswordField label="Confirm new password" autoComplete="new-password" required {...confirmation} />
    </>
  );
}
