import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router-dom';

/** Shown when a page throws or its code fails to load (for example after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <Container size="sm" py="xl">
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>Something went wrong</Title>
        <Text c="dimmed">{detail ?? 'The page could not be shown.'}</Text>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </Stack>
    </Container>
  );
}
