import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Grid,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconClock, IconMail, IconShieldCheck } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { submitWith } from '@/lib/form';
import { notifySuccess } from '@/lib/notify';
import { useCurrentUser } from '@/entities/session/session-store';
import { contactRules, useSendContactMessage, type ContactValues } from '../contact';
import { POLICY } from '@/lib/policy';

function HelpCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card padding="lg">
      <Stack gap="sm">
        <ThemeIcon variant="light" size="lg" aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={2} size="h5">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      </Stack>
    </Card>
  );
}

function HelpAside() {
  return (
    <Stack gap="md">
      <HelpCard icon={<IconClock size={20} />} title="When we reply">
        Our support team answers every message within {POLICY.supportReply}, by email.
      </HelpCard>
      <HelpCard icon={<IconShieldCheck size={20} />} title="Problem with an order?">
        Put your order number in the subject. Claims must reach us within {POLICY.inspection} of delivery; see{' '}
        <Anchor component={Link} to="/buyer-protection" underline="always">
          Buyer Protection
        </Anchor>
        .
      </HelpCard>
      <HelpCard icon={<IconMail size={20} />} title="Quick answers">
        Many questions are answered in our{' '}
        <Anchor component={Link} to="/faq" underline="always">
          FAQ
        </Anchor>
        . You can also email {POLICY.supportEmail}.
      </HelpCard>
    </Stack>
  );
}

/** /contact: a form whose messages are stored for the support team. */
export function ContactPage() {
  const user = useCurrentUser();
  const send = useSendContactMessage();
  const form = useForm<ContactValues>({
    mode: 'controlled',
    initialValues: { name: user?.displayName ?? '', email: user?.email ?? '', subject: '', message: '' },
    validate: contactRules,
  });
  const [sentTo, setSentTo] = useState<string | null>(null);

  const handleSubmit = submitWith(form, send.mutateAsync, {
    fallback: 'Please try again.',
    errorTitle: 'Failed to send message',
    onSuccess: () => {
      notifySuccess('Message sent', `We'll reply within ${POLICY.supportReply}.`);
      setSentTo(form.getValues().email.trim());
      form.setValues({ subject: '', message: '' });
    },
  });

  return (
    <Container size="lg" py="xl">
      <Stack gap="xs" mb="xl">
        <Title order={1}>Contact Us</Title>
        <Text size="lg" c="dimmed" maw={640}>
          Questions about an order, a listing or your account? Send us a message and we&apos;ll get back to
          you.
        </Text>
      </Stack>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card padding="xl">
            {sentTo ? (
              <Stack align="flex-start" gap="md" role="status">
                <Alert
                  color="green"
                  variant="light"
                  icon={<IconCircleCheck aria-hidden />}
                  title="Thanks, your message is on its way"
                >
                  We&apos;ll reply to {sentTo} within {POLICY.supportReply}.
                </Alert>
                <Button variant="default" onClick={() => setSentTo(null)}>
                  Send another message
                </Button>
              </Stack>
            ) : (
              <form onSubmit={handleSubmit} noValidate aria-label="Contact form">
                <Stack gap="md">
                  <Grid>
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <TextInput label="Name" autoComplete="name" required {...form.getInputProps('name')} />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <TextInput
                        label="Email"
                        type="email"
                        autoComplete="email"
                        required
                        {...form.getInputProps('email')}
                      />
                    </Grid.Col>
                  </Grid>
                  <TextInput
                    label="Subject"
                    placeholder="For example: Order 42-ABC123 has not arrived"
                    required
                    {...form.getInputProps('subject')}
                  />
                  <Textarea label="Message" rows={7} required {...form.getInputProps('message')} />
                  <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
                    Send message
                  </Button>
                </Stack>
              </form>
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <HelpAside />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
