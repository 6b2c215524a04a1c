import { Alert, Anchor, Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { submitWith } from '@/lib/form';
import { useFocusWhenShown } from '@/lib/use-focus-when-shown';
import { requestPasswordReset } from '../api';
import { emailError } from '../validation';

/** /forgot-password: ask for a reset link. The answer is the same whether or not an account
 * uses the email (the server says so in one sentence). */
export default function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  // The answer replaces the form and its button: the keyboard and a screen reader go to it.
  const answer = useRef<HTMLDivElement>(null);
  const focusWhenShown = useFocusWhenShown();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: { email: (value: string) => emailError(value) ?? null },
  });
  // Made when submitted (not while rendering): its answer moves the focus, through a ref.
  const submit = (event?: FormEvent<HTMLFormElement>) =>
    submitWith(form, (values: { email: string }) => requestPasswordReset(values.email.trim()), {
      fallback: 'Failed to send the reset link. Please try again.',
      onSuccess: (reply) => {
        setSent(reply.message);
        focusWhenShown(() => answer.current);
      },
    })(event);
  return (
    <Container size="xs" py="xl">
      <Paper withBorder radius="lg" p="xl" shadow="sm">
        <Title order={1} size="h2" mb="sm">
          Forgot your password?
        </Title>
        {sent ? (
          <Stack>
            <Alert ref={answer} tabIndex={-1} color="teal" title="Check your email" role="status">
              {sent}
            </Alert>
            <Anchor component={Link} to="/auth">
              Back to log in
            </Anchor>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <Text c="dimmed" size="sm">
                Enter the email of your account and we will send you a link to choose a new password.
              </Text>
              <TextInput
                label="Email"
                type="email"
                autoComplete="email"
                required
                {...form.getInputProps('email')}
              />
              <Button type="submit" loading={form.submitting} fullWidth>
                Send reset link
              </Button>
              <Anchor component={Link} to="/auth" size="sm">
                Back to log in
              </Anchor>
            </Stack>
          </form>
        )}
      </Paper>
    </Container>
  );
}
