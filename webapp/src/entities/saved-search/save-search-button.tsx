import { Button } from '@mantine/core';
import { IconBellCheck, IconBellPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { savedSearchLink, useSaveSearch, type SaveSearchInput } from './saved-search';

/** "Save this search": the shop's current query and filters become a saved search that
 * alerts on new matches. Disabled while there is nothing to save. Once saved, the button
 * becomes a "Saved" link to that saved search ("Already saved" when the member had saved it
 * before: the server answers 200 with that one), until the query or filters change, so it
 * never offers to save the same search twice. */
export function SaveSearchButton({ query }: { query: SaveSearchInput['query'] }) {
  const save = useSaveSearch();
  const key = JSON.stringify(query);
  const [already, setAlready] = useState<{ key: string; id: number; created: boolean } | null>(null);
  const shown = already?.key === key ? already : null;
  // The link takes the focus from the button it replaces, once, right after the click.
  const link = useRef<HTMLAnchorElement>(null);
  const focusLink = useRef(false);
  useEffect(() => {
    if (shown && focusLink.current) link.current?.focus();
    focusLink.current = false;
  }, [shown]);
  const empty = !(
    query.q?.trim() ||
    query.brand?.length ||
    query.category?.length ||
    query.size?.length ||
    query.condition?.length ||
    query.minPrice ||
    query.maxPrice
  );
  if (shown) {
    return (
      <Button
        ref={link}
        component={Link}
        to={savedSearchLink(shown.id)}
        variant="default"
        leftSection={<IconBellCheck size={16} />}
      >
        {shown.created ? 'Saved' : 'Already saved'}
      </Button>
    );
  }
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
            onSuccess: ({ search, created }) => {
              if (created)
                notifySuccess('Search saved', `We'll tell you about new matches for “${search.name}”.`);
              focusLink.current = true;
              setAlready({ key, id: search.id, created });
            },
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
