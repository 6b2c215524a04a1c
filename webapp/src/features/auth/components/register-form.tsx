import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useRegister } from '../use-auth-flows';
import { useFormFields } from '../use-form-fields';
import { hasErrors, validateRegister } from '../validation';
import { passwordToggleProps } from './password-toggle';

const EMPTY = { username: '', displayName: '', email: '', password: '', confirmPassword: '' };

export function RegisterForm() {
  const { values, setErrors, field } = useFormFields(EMPTY);
  const register = useRegister();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateRegister(values);
    setErrors(found);
    if (hasErrors(found)) return;
    // confirmPassword stays in the browser.
    setErrors(
      await register.submit({
        username: values.username.trim(),
        displayName: values.displayName.trim(),
        email: values.email.trim(),
        password: values.password,
      }),
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput label="Username" autoComplete="username" {...field('username')} />
        <TextInput label="Display name" autoComplete="nickname" {...field('displayName')} />
        <TextInput label="Email" type="email" autoComplete="email" {...field('email')} />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          {...passwordToggleProps}
          {...field('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          {...passwordToggleProps}
          {...field('confirmPassword')}
        />
        <Button type="submit" loading={register.pending} fullWidth>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
