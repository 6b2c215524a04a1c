import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSessionStore } from '@/entities/session/session-store';
import type { User } from '@/entities/user/user';
import { submitWith } from '@/lib/form';
import { notifySuccess } from '@/lib/notify';
import { closeAccount } from '../api';
import { missingPasswordError } from '../validation';
import { CurrentPasswordInput } from './password-fields';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SettingsSection } from '@/components/settings-section';

interface CloseValues {
  password: string;
  code: string;
}

const FORM_ID = 'close-account-form';

/** /settings, "Close account": for good, with the password (and a code with two-factor
 * sign-in on), then once more in a dialog ("Keep my account" is its first button, so Enter
 * or Escape there changes nothing). The server refuses while an order is not finished, and
 * says so. */
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
  const [confirming, setConfirming] = useState(false);
  // The form's own button asks first (once what it holds is valid); the dialog's button
  // submits the same form (``form=``: the dialog is drawn outside it).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!confirming && !form.validate().hasErrors) {
      event.preventDefault();
      setConfirming(true);
      return;
    }
    setConfirming(false);
    submit(event);
  };
  return (
    <SettingsSection titleId="close-account-title">
      <ConfirmDialog
        opened={confirming}
        onCancel={() => setConfirming(false)}
        title="Close your account for good?"
        cancelLabel="Keep my account"
        focusCancel
        confirmLabel="Yes, close my account"
        confirmColor="red.9"
        confirmForm={FORM_ID}
      >
        <Text size="sm">
          Your listings leave the shop, your name and email are erased and you are signed out everywhere. This
          cannot be undone.
        </Text>
      </ConfirmDialog>
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
      <form id={FORM_ID} onSubmit={onSubmit} noValidate>
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
