import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { User } from '@/entities/user/user';
import { submitWith } from '@/lib/form';
import { notifySuccess } from '@/lib/notify';
import { changeEmail, changePassword } from '../api';
import { emailError, missingPasswordError, newPasswordError, passwordsMatchError } from '../validation';
import { CurrentPasswordInput, NewPasswordFields } from './password-fields';
import { SettingsSection } from '@/components/settings-section';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** /settings, "Password": a new password; the server signs out the other sessions. */
export function ChangePasswordForm() {
  const form = useForm<PasswordValues>({
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: {
      currentPassword: (value) => (value ? null : 'Enter your current password'),
      newPassword: (value) => newPasswordError(value) ?? null,
      confirmPassword: (value, values) => passwordsMatchError(value, values.newPassword) ?? null,
    },
  });
  const submit = submitWith(
    form,
    (values: PasswordValues) => changePassword(values.currentPassword, values.newPassword),
    {
      fallback: 'Failed to change your password. Please try again.',
      onSuccess: (answer) => {
        notifySuccess('Password changed', answer.message);
        form.reset();
      },
    },
  );
  return (
    <SettingsSection titleId="password-title">
      <Title order={2} size="h3" id="password-title" mb="md">
        Password
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <CurrentPasswordInput label="Current password" {...form.getInputProps('currentPassword')} />
          <NewPasswordFields
            password={form.getInputProps('newPassword')}
            confirmation={form.getInputProps('confirmPassword')}
          />
          <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-end' }}>
            Change password
          </Button>
        </Stack>
      </form>
    </SettingsSection>
  );
}

interface EmailValues {
  email: string;
  password: string;
}

/** /settings, "Email": the new address changes once its confirmation link is opened. */
export function ChangeEmailForm({ user }: { user: User }) {
  const form = useForm<EmailValues>({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => emailError(value) ?? null,
      password: (value) => missingPasswordError(value) ?? null,
    },
  });
  const submit = submitWith(
    form,
    (values: EmailValues) => changeEmail(values.password, values.email.trim()),
    {
      fallback: 'Failed to change your email. Please try again.',
      onSuccess: (answer) => {
        notifySuccess('Confirm your new email', answer.message);
        form.reset();
      },
    },
  );
  return (
    <SettingsSection titleId="email-title">
      <Title order={2} size="h3" id="email-title" mb="xs">
        Email
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Now: {user.email} {user.emailVerified ? '(verified)' : '(not verified yet)'}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="New email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <CurrentPasswordInput {...form.getInputProps('password')} />
          <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-end' }}>
            Change email
          </Button>
        </Stack>
      </form>
    </SettingsSection>
  );
}
