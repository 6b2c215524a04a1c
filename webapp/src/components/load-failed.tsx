import { Button, EmptyState } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { requestProblem } from '@/lib/api-client';

interface LoadFailedProps {
  /** The spec's failure title, e.g. 'Failed to load products'. */
  title: string;
  description?: string;
  onRetry: () => void;
  /** The failure: when the server refused the request itself (a 4xx with its sentence), the
   *  sentence replaces `description` and `fix` replaces Try Again, which could not help. */
  error?: unknown;
  /** The way out of a refused request, e.g. a Clear filters button. */
  fix?: ReactNode;
}

/** One look for every list that failed to load: what failed, why if known, and Try Again. */
export function LoadFailed({
  title,
  description = 'Please try again.',
  onRetry,
  error,
  fix,
}: LoadFailedProps) {
  const problem = requestProblem(error);
  return (
    <EmptyState
      role="alert"
      title={title}
      description={problem ?? description}
      icon={problem ? <IconAlertCircle /> : <IconRefresh />}
      withIndicatorBackground
      py="xl"
    >
      {(!problem || fix) && (
        <EmptyState.Actions>
          {problem ? fix : <Button onClick={onRetry}>Try Again</Button>}
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}
