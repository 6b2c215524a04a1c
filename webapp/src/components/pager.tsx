import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

interface PagerProps {
  page: number;
  nextCursor: string | null | undefined;
  onNext: (cursor: string) => void;
  onPrevious: () => void;
  loading?: boolean;
  label?: string;
}

/** Previous / Page N / Next under a paged table (see lib/use-cursor-pages.ts). */
export function Pager({ page, nextCursor, onNext, onPrevious, loading, label = 'Pages' }: PagerProps) {
  if (page === 1 && !nextCursor) return null;
  return (
    <Group justify="space-between" component="nav" aria-label={label}>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconChevronLeft size={14} aria-hidden />}
        disabled={page === 1 || loading}
        onClick={onPrevious}
      >
        Previous
      </Button>
      <Text size="sm" c="dimmed">
        Page {page}
      </Text>
      <Button
        variant="default"
        size="xs"
        rightSection={<IconChevronRight size={14} aria-hidden />}
        disabled={!nextCursor || loading}
        onClick={() => nextCursor && onNext(nextCursor)}
      >
        Next
      </Button>
    </Group>
  );
}
