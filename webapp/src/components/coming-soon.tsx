import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

interface ComingSoonProps {
  title: string;
  description: string;
}

/** Placeholder for a page whose feature is not built yet; replace it in the feature folder. */
export function ComingSoon({ title, description }: ComingSoonProps) {
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
          <IconHammer size={32} />
        </ThemeIcon>
        <Title order={1}>{title}</Title>
        <Text fw={600} c="brand">
          Coming soon
        </Text>
        <Text c="dimmed">{description}</Text>
        <Button component={Link} to="/marketplace" variant="light">
          Back to Shop
        </Button>
      </Stack>
    </Container>
  );
}
