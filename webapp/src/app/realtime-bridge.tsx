import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notifyError } from '@/lib/notify';
import { realtime, useRealtimeStore, type RealtimeEvent } from '@/lib/realtime';
import { useCurrentUser } from '@/entities/session/session-store';

/** Which cached server data each socket event makes stale. */
const STALE_KEYS: Record<string, string[][]> = {
  new_message: [['messages'], ['notifications']],
  message_sent: [['messages']],
  messages_read: [['messages'], ['notifications']],
  notification: [['notifications']],
  notifications_read: [['notifications']],
  offer_updated: [['offers'], ['messages']],
  // An order moved, or the other side answered its dispute: the order and its dispute.
  order_updated: [['orders'], ['disputes']],
  // Someone ordered an item this member has in their bag: the bag shows it reserved.
  bag_changed: [['bag']],
};

/**
 * Opens /ws while someone is logged in and closes it on logout; socket events refresh the
 * matching queries, so the header dot, the bell and open threads update live.
 * The page says how its socket is: `<html data-realtime="ready">` once /ws has authenticated
 * the user (`connecting`, `closed` before or between), no attribute while no socket is wanted;
 * the browser tests wait on it instead of guessing.
 */
export function RealtimeBridge() {
  const userId = useCurrentUser()?.id;
  const queryClient = useQueryClient();
  const failed = useRealtimeStore((state) => state.failed);
  const status = useRealtimeStore((state) => state.status);

  useEffect(() => {
    const root = document.documentElement;
    if (status !== 'idle') root.dataset.realtime = status === 'open' ? 'ready' : status;
    return () => {
      delete root.dataset.realtime;
    };
  }, [status]);

  useEffect(() => {
    if (userId === undefined) {
      realtime.disconnect();
      return undefined;
    }
    realtime.connect(userId);
    // (mounted only while someone is signed in: unmounting at logout closes the socket)
    return () => realtime.disconnect();
  }, [userId]);

  useEffect(
    () =>
      realtime.subscribe((event: RealtimeEvent) => {
        if (event.type === 'error') {
          notifyError(typeof event.message === 'string' ? event.message : 'Something went wrong');
          // A send refused (say a block since the thread loaded): the thread says why.
          void queryClient.invalidateQueries({ queryKey: ['messages'] });
          return;
        }
        (STALE_KEYS[event.type] ?? []).forEach((queryKey) => {
          void queryClient.invalidateQueries({ queryKey });
        });
      }),
    [queryClient],
  );

  useEffect(() => {
    if (failed) notifyError('Failed to connect to messaging service', 'Connection Error');
  }, [failed]);

  return null;
}
