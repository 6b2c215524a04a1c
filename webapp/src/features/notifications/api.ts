import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useCurrentUser } from '@/entities/session/session-store';

const POLL_MS = 60_000;
const BELL_PAGE = 10;

export type NotificationKind =
  | 'message'
  | 'offer_received'
  | 'offer_countered'
  | 'offer_accepted'
  | 'offer_declined'
  | 'price_drop'
  | 'item_sold'
  | 'order_update'
  | 'offer_expired'
  | 'offer_expiring'
  // A saved search's new matches (docs/selling.md, "Saved searches").
  | 'saved_search'
  // Social news (issue 36): grouped while unread, "Maya and 3 others liked your look".
  | 'new_follower'
  | 'post_liked'
  | 'post_commented'
  // A moderator hid or restored your listing, style post or comment (docs/trust.md).
  | 'listing_hidden'
  | 'listing_restored'
  | 'post_hidden'
  | 'post_restored'
  | 'comment_hidden'
  | 'comment_restored';

export interface Notice {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  read: boolean;
  createdAt: string;
}

export interface NoticePage {
  items: Notice[];
  nextCursor: string | null;
  unreadCount: number;
}

export const notificationKeys = {
  all: ['notifications'] as const,
  bell: (userId: number | undefined) => ['notifications', 'bell', userId] as const,
};

/** The newest notices, older pages on demand, and the unread count (on every page): live
 * over the socket, polled as a fallback. */
export function useBell() {
  const userId = useCurrentUser()?.id;
  return useInfiniteQuery({
    queryKey: notificationKeys.bell(userId),
    queryFn: ({ pageParam }) =>
      api
        .get('notifications', {
          searchParams: pageParam ? { limit: BELL_PAGE, cursor: pageParam } : { limit: BELL_PAGE },
        })
        .json<NoticePage>(),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: userId !== undefined,
    refetchInterval: POLL_MS,
  });
}

/** Mark some notices read, or all of them (mark-all-read) when no ids are given. */
export function useMarkNoticesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) =>
      api.post('notifications/read', { json: ids ? { ids } : {} }).json<{ updated: number }>(),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
