import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';
import { useForm } from '@mantine/form';
import { submitWith } from '@/lib/form';
import type { Credentials } from '@/entities/session/session-api';
import { useLogin } from '../use-auth-flows';
import { validateLogin, type LoginValues } from '../validation';
import { passwordToggleProps } from './password-toggle';

export function LoginForm() {
  const login = useLogin();
  // The server asked for the authenticator's code (two-factor sign-in is on).
  const [needsCode, setNeedsCode] = useState(false);
  const form = useForm<LoginValues & { code: string }, Credentials>({
    mode: 'controlled',
    initialValues: { username: '', password: '', code: '' },
    validate: (values) => ({
      ...validateLogin(values),
      code: needsCode && !values.code.trim() ? 'Enter the code from your authenticator app' : undefined,
    }),
    transformValues: (values) => ({
      username: values.username.trim(),
      password: values.password,
      ...(needsCode ? { code: values.code.trim() } : {}),
    }),
  });
  const action = async (credentials: Credentials) => {
    try {
      return await login.action(credentials);
    } catch (error) {
      if (error instanceof ApiError && error.data?.twoFactorRequired) setNeedsCode(true);
      throw error;
    }
  };

  return (
    <form onSubmit={submitWith(form, action, login.options)} noValidate>
      <Stack gap="md">
        <TextInput label="Username or email" autoComplete="username" {...form.getInputProps('username')} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          {...passwordToggleProps}
          {...form.getInputProps('password')}
        />
        {needsCode && (
          <TextInput
            label="Authentication code"
            description="The 6-digit code from your authenticator app, or a recovery code"
            autoComplete="one-time-code"
            inputMode="text"
            data-autofocus
            // eslint-disable-next-line jsx-a11y/no-autofocus -- it appears because the person just asked for it
            autoFocus
            {...form.getInputProps('code')}
          />
        )}
        <Anchor component={Link} to="/forgot-password" size="sm" ta="right">
          Forgot password?
        </Anchor>
        <Button type="submit" loading={form.submitting} fullWidth>
          Log in
        </Button>
      </Stack>
    </form>
  );
}
