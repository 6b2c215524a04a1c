import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useForm } from '@mantine/form';
import { submitWith } from '@/lib/form';
import type { Credentials } from '@/entities/session/session-api';
import { useLogin } from '../use-auth-flows';
import { validateLogin, type LoginValues } from '../validation';
import { passwordToggleProps } from './password-toggle';

export function LoginForm() {
  const login = useLogin();
  const form = useForm<LoginValues, Credentials>({
    mode: 'controlled',
    initialValues: { username: '', password: '' },
    validate: validateLogin,
    transformValues: (values) => ({ username: values.username.trim(), password: values.password }),
  });

  return (
    <form onSubmit={submitWith(form, login.action, login.options)} noValidate>
      <Stack gap="md">
        <TextInput label="Username or email" autoComplete="username" {...form.getInputProps('username')} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          {...passwordToggleProps}
          {...form.getInputProps('password')}
        />
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
