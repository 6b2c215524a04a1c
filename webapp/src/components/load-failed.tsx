import { Button, EmptyState } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

interface LoadFailedProps {
  /** The spec's failure title, e.g. 'Failed to load products'. */
  title: string;
  description?: string;
  onRetry: () => void;
}

/** One look for every list that failed to load: what failed, why if known, and Try Again. */
export function LoadFailed({ title, description = 'Please try again.', onRetry }: LoadFailedProps) {
  return (
    <EmptyState
      role="alert"
      title={title}
      description={description}
      icon={<IconRefresh />}
      withIndicatorBackground
      py="xl"
    >
      <EmptyState.Actions>
        <Button onClick={onRetry}>Try Again</Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
