import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router-dom';
import { useSessionStore } from '@/entities/session/session-store';
import type { User } from '@/entities/user/user';
import { submitWith } from '@/lib/form';
import { notifySuccess } from '@/lib/notify';
import { closeAccount } from '../api';
import { missingPasswordError } from '../validation';
import { CurrentPasswordInput } from './password-fields';
import { SettingsSection } from '@/components/settings-section';

interface CloseValues {
  password: string;
  code: string;
}

/** /settings, "Close account": for good, with the password (and a code with two-factor
 * sign-in on). The server refuses while an order is not finished, and says so. */
export function CloseAccountSettings({ user }: { user: User }) {
  const navigate = useNavigate();
  const form = useForm<CloseValues>({
    mode: 'controlled',
    initialValues: { password: '', code: '' },
    validate: {
      password: (value) => missingPasswordError(value) ?? null,
      code: (value) =>
        !user.twoFactorEnabled || value.trim()
          ? null
          : 'Enter a code from your authenticator app or a recovery code',
    },
  });
  const submit = submitWith(
    form,
    (values: CloseValues) => closeAccount(values.password, values.code.trim() || undefined),
    {
      fallback: 'Failed to close your account. Please try again.',
      onSuccess: (answer) => {
        notifySuccess('Account closed', answer.message);
        void useSessionStore.getState().fetchUser();
        void navigate('/');
      },
    },
  );
  return (
    <SettingsSection titleId="close-account-title">
      <Title order={2} size="h3" id="close-account-title" mb="xs">
        Close account
      </Title>
      <Alert color="red" variant="light" mb="md">
        <Text size="sm">
          This cannot be undone. Your listings leave the shop, your name and email are erased and you are
          signed out everywhere. Your orders and reviews stay for the other member&apos;s records, shown as
          &quot;Deleted member&quot;.
        </Text>
      </Alert>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <CurrentPasswordInput {...form.getInputProps('password')} />
          {user.twoFactorEnabled && (
            <TextInput
              label="Code or recovery code"
              autoComplete="one-time-code"
              required
              {...form.getInputProps('code')}
            />
          )}
          <Button type="submit" color="red.9" loading={form.submitting} style={{ alignSelf: 'flex-end' }}>
            Close my account
          </Button>
        </Stack>
      </form>
    </SettingsSection>
  );
}
