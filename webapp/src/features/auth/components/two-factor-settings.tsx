import { Button, Code, Group, Image, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useSessionStore } from '@/entities/session/session-store';
import type { User } from '@/entities/user/user';
import { errorMessage } from '@/lib/api-client';
import { submitWith } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFocusWhenShown } from '@/lib/use-focus-when-shown';
import {
  cancelTwoFactorSetup,
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactorStatus,
  setupTwoFactor,
  type TwoFactorSetup,
} from '../api';
import { missingPasswordError } from '../validation';
import { PasswordField } from './password-input';
import { NewRecoveryCodesForm, RecoveryCodesAlert, recoveryCodesLeft } from './recovery-codes';
import { SettingsSection } from '@/components/settings-section';

const STATUS_KEY = ['user', '2fa'] as const;

/** /settings, "Two-factor sign-in": set up with a QR code (or cancel the set-up, which the
 * server forgets), turn on with the password and a code, keep the ten recovery codes (shown
 * once, to copy or download); see how many codes are left and make new ones, or turn it off,
 * each with the password and a code. Each step keeps the focus in the panel: the set-up's
 * password field, the recovery codes once it is on or new ones are made, the set-up button
 * after Cancel, the panel's "Off" once it is turned off. */
export function TwoFactorSettings({ user }: { user: User }) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [starting, setStarting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [renewing, setRenewing] = useState(false);
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: STATUS_KEY,
    queryFn: getTwoFactorStatus,
    enabled: !!user.twoFactorEnabled,
  });
  const refresh = () => {
    void useSessionStore.getState().fetchUser();
    void queryClient.invalidateQueries({ queryKey: STATUS_KEY });
  };
  const focusWhenShown = useFocusWhenShown();
  const startButton = useRef<HTMLButtonElement>(null);
  const codesAlert = useRef<HTMLDivElement>(null);
  const setupPassword = useRef<HTMLInputElement>(null);
  const offStatus = useRef<HTMLParagraphElement>(null);
  const renewButton = useRef<HTMLButtonElement>(null);
  const renewForm = useRef<HTMLFormElement>(null);

  async function start() {
    setStarting(true);
    try {
      setSetup(await setupTwoFactor());
      focusWhenShown(() => setupPassword.current);
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
      setSetup(null);
      focusWhenShown(() => startButton.current);
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
  // Made when submitted (not while rendering): its answer moves the focus, through refs.
  const submitEnable = (event?: FormEvent<HTMLFormElement>) =>
    submitWith(
      enable,
      (values: { password: string; code: string }) => enableTwoFactor(values.password, values.code.trim()),
      {
        fallback: 'Failed to turn on two-factor sign-in. Please try again.',
        onSuccess: (answer) => {
          setCodes(answer.recoveryCodes);
          setSetup(null);
          enable.reset();
          focusWhenShown(() => codesAlert.current);
          notifySuccess('Two-factor sign-in is on');
          refresh();
        },
      },
    )(event);

  const disable = useForm({
    mode: 'controlled',
    initialValues: { password: '', code: '' },
    validate: {
      password: (v: string) => missingPasswordError(v) ?? null,
      code: (v: string) => (v.trim() ? null : 'Enter a code from your authenticator app or a recovery code'),
    },
  });
  const submitDisable = (event?: FormEvent<HTMLFormElement>) =>
    submitWith(
      disable,
      (values: { password: string; code: string }) => disableTwoFactor(values.password, values.code.trim()),
      {
        fallback: 'Failed to turn off two-factor sign-in. Please try again.',
        onSuccess: (answer) => {
          notifySuccess('Two-factor sign-in is off', answer.message);
          disable.reset();
          setCodes(null);
          setRenewing(false);
          focusWhenShown(() => offStatus.current);
          refresh();
        },
      },
    )(event);

  function openRenewal() {
    setRenewing(true);
    focusWhenShown(() => renewForm.current?.querySelector('input'));
  }

  function madeNewCodes(made: string[]) {
    setRenewing(false);
    setCodes(made);
    focusWhenShown(() => codesAlert.current);
    notifySuccess('New recovery codes', 'Your old codes no longer work.');
    void queryClient.invalidateQueries({ queryKey: STATUS_KEY });
  }

  return (
    <SettingsSection titleId="two-factor-title">
      <Title order={2} size="h3" id="two-factor-title" mb="xs">
        Two-factor sign-in
      </Title>
      {codes && <RecoveryCodesAlert codes={codes} ref={codesAlert} />}
      {user.twoFactorEnabled ? (
        <Stack gap="md">
          <Text size="sm">On: signing in asks for a code from your authenticator app.</Text>
          {status.data && (
            <Group justify="space-between" gap="sm">
              <Text
                size="sm"
                c={status.data.recoveryCodesLeft <= 2 ? 'orange.8' : undefined}
                data-testid="recovery-codes-left"
              >
                {recoveryCodesLeft(status.data.recoveryCodesLeft)}
              </Text>
              {!renewing && (
                <Button ref={renewButton} size="xs" variant="default" onClick={openRenewal}>
                  Generate new codes
                </Button>
              )}
            </Group>
          )}
          {renewing && (
            <NewRecoveryCodesForm
              ref={renewForm}
              onMade={madeNewCodes}
              onCancel={() => {
                setRenewing(false);
                focusWhenShown(() => renewButton.current);
              }}
            />
          )}
          {/* One form at a time: two "Password" fields would be one too many. */}
          {!renewing && (
            <form onSubmit={submitDisable} noValidate>
              <Stack gap="md">
                <PasswordField
                  label="Password"
                  autoComplete="current-password"
                  required
                  {...disable.getInputProps('password')}
                />
                <TextInput
                  label="Code or recovery code"
                  autoComplete="one-time-code"
                  required
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
          )}
        </Stack>
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
            <PasswordField
              label="Password"
              autoComplete="current-password"
              required
              ref={setupPassword}
              {...enable.getInputProps('password')}
            />
            <TextInput
              label="Code from your app"
              autoComplete="one-time-code"
              required
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
          <Text size="sm" c="dimmed" ref={offStatus} tabIndex={-1}>
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
