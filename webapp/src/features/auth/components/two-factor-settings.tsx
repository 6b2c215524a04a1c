import {
  Alert,
  Button,
  Code,
  Group,
  Image,
  List,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { useSessionStore } from '@/entities/session/session-store';
import type { User } from '@/entities/user/user';
import { errorMessage } from '@/lib/api-client';
import { submitWith } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  cancelTwoFactorSetup,
  disableTwoFactor,
  enableTwoFactor,
  setupTwoFactor,
  type TwoFactorSetup,
} from '../api';
import { missingPasswordError } from '../validation';
import { passwordToggleProps } from './password-toggle';
import { SettingsSection } from '@/components/settings-section';

/** /settings, "Two-factor sign-in": set up with a QR code (or cancel the set-up, which the
 * server forgets), turn on with the password and a code, keep the ten recovery codes (shown
 * once); turn off with the password and a code. Each step keeps the focus in the panel: the
 * set-up's password field, the recovery codes once it is on, the set-up button after Cancel. */
export function TwoFactorSettings({ user }: { user: User }) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [starting, setStarting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => void useSessionStore.getState().fetchUser();
  const startButton = useRef<HTMLButtonElement>(null);
  const backToStart = useRef(false);
  const codesAlert = useRef<HTMLDivElement>(null);
  const setupPassword = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (setup) {
      setupPassword.current?.focus();
    } else if (backToStart.current) {
      backToStart.current = false;
      startButton.current?.focus();
    }
  }, [setup]);
  useEffect(() => {
    if (codes) codesAlert.current?.focus();
  }, [codes]);

  async function start() {
    setStarting(true);
    try {
      setSetup(await setupTwoFactor());
    } catch (error) {
      notifyError(errorMessage(error, 'Failed to start two-factor set-up. Please try again.'));
    } finally {
      setStarting(false);
    }
  }

  async function cancel() {
    setCancelling(true);
    try {
      await cancelTwoFactorSetup();
      backToStart.current = true;
      setSetup(null);
      enable.reset();
    } catch (error) {
      notifyError(errorMessage(error, 'Failed to cancel two-factor set-up. Please try again.'));
    } finally {
      setCancelling(false);
    }
  }

  const enable = useForm({
    mode: 'controlled',
    initialValues: { password: '', code: '' },
    validate: {
      password: (v: string) => missingPasswordError(v) ?? null,
      code: (v: string) => (v.trim() ? null : 'Enter the code from your authenticator app'),
    },
  });
  const submitEnable = submitWith(
    enable,
    (values: { password: string; code: string }) => enableTwoFactor(values.password, values.code.trim()),
    {
      fallback: 'Failed to turn on two-factor sign-in. Please try again.',
      onSuccess: (answer) => {
        setCodes(answer.recoveryCodes);
        setSetup(null);
        enable.reset();
        notifySuccess('Two-factor sign-in is on');
        refresh();
      },
    },
  );

  const disable = useForm({
    mode: 'controlled',
    initialValues: { password: '', code: '' },
    validate: {
      password: (v: string) => missingPasswordError(v) ?? null,
      code: (v: string) => (v.trim() ? null : 'Enter a code from your authenticator app or a recovery code'),
    },
  });
  const submitDisable = submitWith(
    disable,
    (values: { password: string; code: string }) => disableTwoFactor(values.password, values.code.trim()),
    {
      fallback: 'Failed to turn off two-factor sign-in. Please try again.',
      onSuccess: (answer) => {
        notifySuccess('Two-factor sign-in is off', answer.message);
        disable.reset();
        setCodes(null);
        refresh();
      },
    },
  );

  return (
    <SettingsSection titleId="two-factor-title">
      <Title order={2} size="h3" id="two-factor-title" mb="xs">
        Two-factor sign-in
      </Title>
      {codes && (
        <Alert
          ref={codesAlert}
          tabIndex={-1}
          color="teal"
          title="Save your recovery codes"
          mb="md"
          role="status"
        >
          <Text size="sm" mb="xs">
            Each code signs you in once if you lose your phone. They are shown only now.
          </Text>
          <SimpleGrid cols={2} spacing={4}>
            {codes.map((code) => (
              <Code key={code} data-testid="recovery-code">
                {code}
              </Code>
            ))}
          </SimpleGrid>
        </Alert>
      )}
      {user.twoFactorEnabled ? (
        <form onSubmit={submitDisable} noValidate>
          <Stack gap="md">
            <Text size="sm">On: signing in asks for a code from your authenticator app.</Text>
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              {...passwordToggleProps}
              {...disable.getInputProps('password')}
            />
            <TextInput
              label="Code or recovery code"
              autoComplete="one-time-code"
              {...disable.getInputProps('code')}
            />
            <Button
              type="submit"
              color="red"
              variant="light"
              loading={disable.submitting}
              style={{ alignSelf: 'flex-end' }}
            >
              Turn off two-factor sign-in
            </Button>
          </Stack>
        </form>
      ) : setup ? (
        <form onSubmit={submitEnable} noValidate>
          <Stack gap="md">
            <List type="ordered" size="sm" spacing={4}>
              <List.Item>Scan this QR code with an authenticator app (or type the key below).</List.Item>
              <List.Item>Enter your password and the 6-digit code it shows.</List.Item>
            </List>
            <Image
              src={setup.qrCode}
              alt="QR code to add Rethread to your authenticator app"
              w={200}
              h={200}
              fit="contain"
              style={{ background: '#fff', borderRadius: 8 }}
            />
            <Text size="sm">
              Key: <Code data-testid="totp-secret">{setup.secret}</Code>
            </Text>
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              ref={setupPassword}
              {...passwordToggleProps}
              {...enable.getInputProps('password')}
            />
            <TextInput
              label="Code from your app"
              autoComplete="one-time-code"
              inputMode="numeric"
              {...enable.getInputProps('code')}
            />
            <Group justify="flex-end" gap="sm">
              <Button
                type="button"
                variant="default"
                loading={cancelling}
                disabled={enable.submitting}
                onClick={() => void cancel()}
              >
                Cancel
              </Button>
              <Button type="submit" loading={enable.submitting} disabled={cancelling}>
                Turn on
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Off. With it on, signing in also asks for a code from an authenticator app on your phone.
          </Text>
          <Button
            ref={startButton}
            variant="light"
            loading={starting}
            onClick={() => void start()}
            style={{ alignSelf: 'flex-start' }}
          >
            Set up two-factor sign-in
          </Button>
        </Stack>
      )}
    </SettingsSection>
  );
}
