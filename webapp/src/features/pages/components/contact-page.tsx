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
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCurrentUser } from '@/entities/session/session-store';
import {
  useSendContactMessage,
  validateContact,
  type ContactErrors,
  type ContactValues,
} from '../contact';
import { POLICY } from '../policy';

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
        Put your order number in the subject. Claims must reach us within {POLICY.inspection} of
        delivery; see <Anchor component={Link} to="/buyer-protection">Buyer Protection</Anchor>.
      </HelpCard>
      <HelpCard icon={<IconMail size={20} />} title="Quick answers">
        Many questions are answered in our <Anchor component={Link} to="/faq">FAQ</Anchor>. You
        can also email {POLICY.supportEmail}.
      </HelpCard>
    </Stack>
  );
}

/** /contact: a form whose messages are stored for the support team. */
export function ContactPage() {
  const user = useCurrentUser();
  const send = useSendContactMessage();
  const [values, setValues] = useState<ContactValues>(() => ({
    name: user?.displayName ?? '',
    email: user?.email ?? '',
    subject: '',
    message: '',
  }));
  const [errors, setErrors] = useState<ContactErrors>({});
  const [sentTo, setSentTo] = useState<string | null>(null);

  function field(name: keyof ContactValues) {
    return {
      name,
      value: values[name],
      error: errors[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        const { value } = event.currentTarget;
        setValues((current) => ({ ...current, [name]: value }));
        setErrors((current) => ({ ...current, [name]: undefined }));
      },
    };
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const found = validateContact(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      // Put the keyboard on the first field that needs fixing.
      setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
      return;
    }
    try {
      await send.mutateAsync(values);
      notifySuccess('Message sent', `We'll reply within ${POLICY.supportReply}.`);
      setSentTo(values.email.trim());
      setValues((current) => ({ ...current, subject: '', message: '' }));
    } catch (error) {
      notifyError(errorMessage(error, 'Please try again.'), 'Failed to send message');
      setErrors(fieldErrors(error));
    }
  }

  return (
    <Container size="lg" py="xl">
      <Stack gap="xs" mb="xl">
        <Title order={1}>Contact Us</Title>
        <Text size="lg" c="dimmed" maw={640}>
          Questions about an order, a listing or your account? Send us a message and we&apos;ll get
          back to you.
        </Text>
      </Stack>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card padding="xl">
            {sentTo ? (
              <Stack align="flex-start" gap="md" role="status">
                <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} title="Thanks, your message is on its way">
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
                      <TextInput label="Name" autoComplete="name" required {...field('name')} />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <TextInput label="Email" type="email" autoComplete="email" required {...field('email')} />
                    </Grid.Col>
                  </Grid>
                  <TextInput
                    label="Subject"
                    placeholder="For example: Order 42-ABC123 has not arrived"
                    required
                    {...field('subject')}
                  />
                  <Textarea label="Message" rows={7} required {...field('message')} />
                  <Button type="submit" loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
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
