import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef } from 'react';
import type { User } from '@/entities/user/user';
import { submitWith } from '@/lib/form';
import { notifySuccess } from '@/lib/notify';
import { useFocusWhenShown } from '@/lib/use-focus-when-shown';
import { changeEmail, changePassword, getPendingEmailChange } from '../api';
import { emailError, missingPasswordError, newPasswordError, passwordsMatchError } from '../validation';
import { CurrentPasswordInput, NewPasswordFields } from './password-fields';
import { PendingEmailChangeNotice } from './pending-email-change';
import { SettingsLoadState } from './settings-load-state';
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

const PENDING_KEY = ['user', 'email-change'] as const;

/** /settings, "Email": the new address changes once its confirmation link is opened; until
 * then the change waiting for it is shown, to send again or cancel. After asking for a
 * change and after cancelling one, the focus goes to the section's heading (above the notice).
 * Asking for another address replaces it. */
export function ChangeEmailForm({ user }: { user: User }) {
  const queryClient = useQueryClient();
  // Read afresh on each visit: the link may have been opened (or expired) since.
  const pending = useQuery({
    queryKey: PENDING_KEY,
    queryFn: getPendingEmailChange,
    refetchOnMount: 'always',
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: PENDING_KEY });
  const heading = useRef<HTMLHeadingElement>(null);
  const focusWhenShown = useFocusWhenShown();
  const form = useForm<EmailValues>({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => emailError(value) ?? null,
      password: (value) => missingPasswordError(value) ?? null,
    },
  });
  // Made when submitted (not while rendering): its answer moves the focus, through a ref.
  const submit = (event?: FormEvent<HTMLFormElement>) =>
    submitWith(form, (values: EmailValues) => changeEmail(values.password, values.email.trim()), {
      fallback: 'Failed to change your email. Please try again.',
      onSuccess: (answer) => {
        notifySuccess('Confirm your new email', answer.message);
        form.reset();
        refresh();
        // The button was disabled while it saved, which drops the focus on <body>.
        focusWhenShown(() => heading.current);
      },
    })(event);
  return (
    <SettingsSection titleId="email-title">
      <Title order={2} size="h3" id="email-title" mb="xs" ref={heading} tabIndex={-1}>
        Email
      </Title>
      <Text size="sm" c="dimmed" mb="md" style={{ overflowWrap: 'anywhere' }}>
        Now: {user.email} {user.emailVerified ? '(verified)' : '(not verified yet)'}
      </Text>
      {pending.isError && (
        <SettingsLoadState
          query={pending}
          loadingLabel="Loading your email change"
          failedTitle="Failed to load your email change"
        />
      )}
      {pending.data && (
        <PendingEmailChangeNotice
          change={pending.data}
          current={user.email ?? ''}
          onChanged={refresh}
          onCancelled={() => {
            queryClient.setQueryData(PENDING_KEY, null);
            focusWhenShown(() => heading.current);
          }}
        />
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="New email"
            description={pending.data ? 'Asking for another address replaces the change above.' : undefined}
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
