import { Button, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface NoticePageProps {
  title: string;
  children: ReactNode;
  actionLabel?: string;
  actionTo?: string;
}

/** A centered message with one way out: the 404 page, "not allowed" pages, failed loads. */
export function NoticePage({
  title,
  children,
  actionLabel = 'Return to Home',
  actionTo = '/',
}: NoticePageProps) {
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{children}</Text>
        <Button component={Link} to={actionTo}>
          {actionLabel}
        </Button>
      </Stack>
    </Container>
  );
}
