import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useCurrentUser } from '@/entities/session/session-store';

const POLL_MS = 60_000;
const BELL_PAGE = 15;

export type NotificationKind =
  | 'message'
  | 'offer_received'
  | 'offer_countered'
  | 'offer_accepted'
  | 'offer_declined'
  | 'price_drop'
  | 'item_sold'
  | 'order_update';

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

/** The newest notices and the unread count: live over the socket, polled as a fallback. */
export function useBell() {
  const userId = useCurrentUser()?.id;
  return useQuery({
    queryKey: notificationKeys.bell(userId),
    queryFn: () => api.get('notifications', { searchParams: { limit: BELL_PAGE } }).json<NoticePage>(),
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
