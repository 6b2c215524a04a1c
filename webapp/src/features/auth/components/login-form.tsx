import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useLogin } from '../use-auth-flows';
import { useFormFields } from '../use-form-fields';
import { hasErrors, validateLogin } from '../validation';
import { passwordToggleProps } from './password-toggle';

export function LoginForm() {
  const { values, setErrors, field } = useFormFields({ username: '', password: '' });
  const login = useLogin();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateLogin(values);
    setErrors(found);
    if (hasErrors(found)) return;
    setErrors(await login.submit({ username: values.username.trim(), password: values.password }));
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput label="Username or email" autoComplete="username" {...field('username')} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          {...passwordToggleProps}
          {...field('password')}
        />
        <Button type="submit" loading={login.pending} fullWidth>
          Log in
        </Button>
      </Stack>
    </form>
  );
}
