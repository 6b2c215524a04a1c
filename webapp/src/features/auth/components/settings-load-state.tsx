import { Group, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadFailed } from '@/components/load-failed';
import { errorMessage } from '@/lib/api-client';

interface SettingsLoadStateProps {
  query: Pick<UseQueryResult<unknown>, 'isPending' | 'isError' | 'error' | 'refetch'>;
  /** The spinner's name for screen readers, e.g. 'Loading sessions'. */
  loadingLabel: string;
  /** The failure's title, e.g. 'Failed to load your sessions'. */
  failedTitle: string;
}

/** A settings section's list while it loads (a small spinner) or once it failed to (the
 *  server's reason and Try Again); nothing once it has loaded. */
export function SettingsLoadState({ query, loadingLabel, failedTitle }: SettingsLoadStateProps) {
  if (query.isPending) {
    return (
      <Group justify="center" py="md" role="status" aria-label={loadingLabel}>
        <Loader size="sm" />
      </Group>
    );
  }
  if (query.isError) {
    return (
      <LoadFailed
        title={failedTitle}
        description={errorMessage(query.error, 'Please try again.')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return null;
}
