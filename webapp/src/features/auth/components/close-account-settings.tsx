import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSessionStore } from '@/entities/session/session-store';
import type { User } from '@/entities/user/user';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { submitWith } from '@/lib/form';
import { notifySuccess } from '@/lib/notify';
import { useFocusWhenShown } from '@/lib/use-focus-when-shown';
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
const FAILED = 'Failed to close your account. Please try again.';

/** /settings, "Close account": for good, with the password (and a code with two-factor
 * sign-in on), then once more in a dialog ("Keep my account" is its first button, so Enter
 * or Escape there changes nothing). The server refuses while an order is not finished: its
 * sentence shows above the button and takes the focus (the dialog that had it is gone). */
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
  // Why the server refused (409: an order not finished), said in the section itself.
  const [refusal, setRefusal] = useState<string | null>(null);
  const refusalBox = useRef<HTMLDivElement>(null);
  const focusWhenShown = useFocusWhenShown();
  const close = async (values: CloseValues) => {
    setRefusal(null);
    try {
      return await closeAccount(values.password, values.code.trim() || undefined);
    } catch (error) {
      // Field errors (a wrong password or code) show under their field, which takes the focus.
      if (!Object.keys(fieldErrors(error)).length) {
        setRefusal(errorMessage(error, FAILED));
        focusWhenShown(() => refusalBox.current);
      }
      throw error;
    }
  };
  // Made when submitted (not while rendering): a refusal moves the focus, through a ref.
  const submit = (event: FormEvent<HTMLFormElement>) =>
    submitWith(form, close, {
      fallback: FAILED,
      quiet: true,
      onSuccess: async (answer) => {
        notifySuccess('Account closed', answer.message);
        // Leave /settings, drawn at once (flushSync), before the session reads as signed
        // out: its guard would otherwise send the visitor on to /auth?next=/settings.
        await navigate('/', { replace: true, flushSync: true });
        void useSessionStore.getState().fetchUser();
      },
    })(event);
  const [confirming, setConfirming] = useState(false);
  // Sent from the dialog: the focus goes to the answer, not back to the button that asked.
  const [sent, setSent] = useState(false);
  // The form's own button asks first (once what it holds is valid); the dialog's button
  // submits the same form (``form=``: the dialog is drawn outside it).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!confirming && !form.validate().hasErrors) {
      event.preventDefault();
      setSent(false);
      setConfirming(true);
      return;
    }
    setSent(confirming);
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
        returnFocus={!sent}
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
          {refusal && (
            <Alert ref={refusalBox} tabIndex={-1} color="red" role="alert" title="Your account is still open">
              {refusal}
            </Alert>
          )}
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
