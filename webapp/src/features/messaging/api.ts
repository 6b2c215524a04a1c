import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useCurrentUser } from '@/entities/session/session-store';

const POLL_MS = 30_000;

/** Unread count for the header dot; any failure reads as 0 so the header never shows an error. */
async function fetchUnreadCount(userId: number): Promise<number> {
  try {
    const { count } = await api.get(`users/${userId}/unread-messages`).json<{ count: number }>();
    return Number(count) || 0;
  } catch {
    return 0;
  }
}

/** The current user's unread message count, polled every 30 s while signed in. */
export function useUnreadMessageCount(): number {
  const userId = useCurrentUser()?.id;
  const { data } = useQuery({
    queryKey: ['messages', 'unread', userId],
    queryFn: () => fetchUnreadCount(userId as number),
    enabled: userId !== undefined,
    refetchInterval: POLL_MS,
  });
  return userId === undefined ? 0 : (data ?? 0);
}
