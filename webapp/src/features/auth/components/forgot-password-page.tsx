import { Alert, Anchor, Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { submitWith } from '@/lib/form';
import { requestPasswordReset } from '../api';
import { emailError } from '../validation';

/** /forgot-password: ask for a reset link. The answer is the same whether or not an account
 * uses the email (the server says so in one sentence). */
export default function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: { email: (value: string) => emailError(value) ?? null },
  });
  const submit = submitWith(form, (values: { email: string }) => requestPasswordReset(values.email.trim()), {
    fallback: 'Failed to send the reset link. Please try again.',
    onSuccess: (answer) => setSent(answer.message),
  });
  return (
    <Container size="xs" py="xl">
      <Paper withBorder radius="lg" p="xl" shadow="sm">
        <Title order={1} size="h2" mb="sm">
          Forgot your password?
        </Title>
        {sent ? (
          <Stack>
            <Alert color="teal" title="Check your email" role="status">
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
