import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useForm } from '@mantine/form';
import { focusFirstInvalid, submitWith } from '@/lib/form';
import type { Credentials } from '@/entities/session/session-api';
import type { User } from '@/entities/user/user';
import { useLogin } from '../use-auth-flows';
import { validateLogin, type LoginValues } from '../validation';
import { PasswordField } from './password-input';

const CODE_NEEDED = 'Enter the code from your authenticator app';
const WRONG_CODE = 'That code is not right. Enter the current code from your authenticator app.';

export function LoginForm() {
  const login = useLogin();
  // The server asked for the authenticator's code (two-factor sign-in is on): the form's
  // second step, not an error.
  const [needsCode, setNeedsCode] = useState(false);
  // Why the last attempt failed (a wrong password, a suspension), kept on the form: the
  // spec's toast says it too, but goes away. The toast is the one announced (role="alert");
  // the box is no alert, so a screen reader hears the reason once, and it describes the form.
  const [failure, setFailure] = useState<string | null>(null);
  const failureId = useId();
  const form = useForm<LoginValues & { code: string }, Credentials>({
    mode: 'controlled',
    initialValues: { username: '', password: '', code: '' },
    validate: (values) => ({
      ...validateLogin(values),
      code: needsCode && !values.code.trim() ? CODE_NEEDED : undefined,
    }),
    transformValues: (values) => ({
      username: values.username.trim(),
      password: values.password,
      ...(needsCode ? { code: values.code.trim() } : {}),
    }),
  });
  // A `twoFactorRequired` answer is no toast: without a code it opens the code step; with
  // one, the server's reason (wrong, or a recovery code already used) goes under the field.
  const action = async (credentials: Credentials): Promise<User | null> => {
    setFailure(null);
    try {
      return await login.action(credentials);
    } catch (error) {
      if (!(error instanceof ApiError && error.data?.twoFactorRequired)) {
        setFailure(errorMessage(error, 'Failed to login'));
        throw error;
      }
      setNeedsCode(true);
      if (credentials.code) {
        form.setFieldError('code', error.data.errors?.code ?? errorMessage(error, WRONG_CODE));
        focusFirstInvalid(); // the code field, the only one marked invalid
      }
      return null;
    }
  };
  const options = {
    ...login.options,
    onSuccess: (user: User | null) => {
      if (user) login.options.onSuccess?.(user);
    },
  };

  return (
    <form
      onSubmit={submitWith(form, action, options)}
      noValidate
      aria-describedby={failure ? failureId : undefined}
    >
      <Stack gap="md">
        <TextInput label="Username or email" autoComplete="username" {...form.getInputProps('username')} />
        <PasswordField label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
        {needsCode && (
          <TextInput
            label="Authentication code"
            description={`Two-factor sign-in is on for this account. ${CODE_NEEDED} (6 digits), or use one of your recovery codes.`}
            autoComplete="one-time-code"
            inputMode="text"
            data-autofocus
            // eslint-disable-next-line jsx-a11y/no-autofocus -- it appears because the person just asked for it
            autoFocus
            {...form.getInputProps('code')}
          />
        )}
        {failure && (
          <Alert id={failureId} color="red" variant="light" role="group" title="Could not log in">
            {failure}
          </Alert>
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
