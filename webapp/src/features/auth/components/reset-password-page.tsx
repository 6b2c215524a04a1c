import { Alert, Anchor, Button, Container, Paper, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { submitWith } from '@/lib/form';
import { notifySuccess } from '@/lib/notify';
import { useSessionStore } from '@/entities/session/session-store';
import { confirmPasswordReset } from '../api';
import { newPasswordError, passwordsMatchError } from '../validation';
import { NewPasswordFields } from './password-fields';

interface Values {
  password: string;
  confirmPassword: string;
}

/** /reset-password?token=…: choose a new password from the emailed link (once, within the
 * hour); every session of the account ends, so the member logs in again. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '' },
    validate: {
      password: (value) => newPasswordError(value) ?? null,
      confirmPassword: (value, values) => passwordsMatchError(value, values.password) ?? null,
    },
  });
  const submit = submitWith(form, (values: Values) => confirmPasswordReset(token, values.password), {
    fallback: 'Failed to reset your password. Please try again.',
    errorTitle: 'Password not changed',
    onSuccess: (answer) => {
      useSessionStore.getState().clearUser();
      notifySuccess('Password changed', answer.message);
      navigate('/auth', { replace: true });
    },
  });
  return (
    <Container size="xs" py="xl">
      <Paper withBorder radius="lg" p="xl" shadow="sm">
        <Title order={1} size="h2" mb="md">
          Choose a new password
        </Title>
        {!token ? (
          <Stack>
            <Alert color="red" title="This link is incomplete" role="alert">
              Open the link from the email again, or ask for a new one.
            </Alert>
            <Anchor component={Link} to="/forgot-password">
              Ask for a new link
            </Anchor>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <NewPasswordFields
                password={form.getInputProps('password')}
                confirmation={form.getInputProps('confirmPassword')}
              />
              <Button type="submit" loading={form.submitting} fullWidth>
                Set new password
              </Button>
              <Anchor component={Link} to="/forgot-password" size="sm">
                Ask for a new link
              </Anchor>
            </Stack>
          </form>
        )}
      </Paper>
    </Container>
  );
}
