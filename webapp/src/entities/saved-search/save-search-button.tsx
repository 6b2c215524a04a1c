import { Button } from '@mantine/core';
import { IconBellPlus } from '@tabler/icons-react';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSaveSearch, type SaveSearchInput } from './saved-search';

/** "Save this search": the shop's current query and filters become a saved search that
 * alerts on new matches. Disabled while there is nothing to save. */
export function SaveSearchButton({ query }: { query: SaveSearchInput['query'] }) {
  const save = useSaveSearch();
  const empty = !(
    query.q?.trim() ||
    query.brand?.length ||
    query.category?.length ||
    query.size?.length ||
    query.condition?.length ||
    query.minPrice ||
    query.maxPrice
  );
  return (
    <Button
      variant="default"
      leftSection={<IconBellPlus size={16} />}
      disabled={empty}
      loading={save.isPending}
      onClick={() =>
        save.mutate(
          { query },
          {
            onSuccess: (saved) =>
              notifySuccess('Search saved', `We'll tell you about new matches for “${saved.name}”.`),
            onError: (error) =>
              notifyError(errorMessage(error, 'Could not save this search. Please try again.')),
          },
        )
      }
    >
      Save this search
    </Button>
  );
}
