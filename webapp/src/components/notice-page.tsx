import { Button, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router-dom';

interface NoticePageProps {
  title: string;
  children: ReactNode;
  actionLabel?: string;
  actionTo?: string;
  /** Makes the title focusable, for a page that sends the focus to it (the emptied bag). */
  titleRef?: Ref<HTMLHeadingElement>;
}

/** A centered message with one way out: the 404 page, "not allowed" pages, failed loads. */
export function NoticePage({
  title,
  children,
  actionLabel = 'Return to Home',
  actionTo = '/',
  titleRef,
}: NoticePageProps) {
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md" ta="center">
        <Title order={1} ref={titleRef} tabIndex={titleRef ? -1 : undefined}>
          {title}
        </Title>
        <Text c="dimmed">{children}</Text>
        <Button component={Link} to={actionTo}>
          {actionLabel}
        </Button>
      </Stack>
    </Container>
  );
}
