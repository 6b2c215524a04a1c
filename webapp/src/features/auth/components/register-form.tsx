import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { submitWith } from '@/lib/form';
import type { Registration } from '@/entities/session/session-api';
import { useRegister } from '../use-auth-flows';
import { validateRegister, type RegisterValues } from '../validation';
import { PasswordField } from './password-input';

const EMPTY = { username: '', displayName: '', email: '', password: '', confirmPassword: '' };

/** confirmPassword stays in the browser. */
function toRegistration(values: RegisterValues): Registration {
  return {
    username: values.username.trim(),
    displayName: values.displayName.trim(),
    email: values.email.trim(),
    password: values.password,
  };
}

export function RegisterForm() {
  const register = useRegister();
  const form = useForm<RegisterValues, Registration>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: validateRegister,
    transformValues: toRegistration,
  });

  return (
    <form onSubmit={submitWith(form, register.action, register.options)} noValidate>
      <Stack gap="md">
        <TextInput label="Username" autoComplete="username" {...form.getInputProps('username')} />
        <TextInput label="Display name" autoComplete="nickname" {...form.getInputProps('displayName')} />
        <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
        <PasswordField label="Password" autoComplete="new-password" {...form.getInputProps('password')} />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" loading={form.submitting} fullWidth>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
