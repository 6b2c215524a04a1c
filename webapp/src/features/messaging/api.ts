import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys, type Product } from '@/entities/product/product';
import { useCurrentUser } from '@/entities/session/session-store';
import { realtime } from '@/lib/realtime';

const POLL_MS = 30_000;
/** Spec §8 timing: an open thread refetches every 5 s (and on socket events). */
export const THREAD_POLL_MS = 5_000;

export type MessageType = 'text' | 'offer' | 'offer_response' | 'order_update';

/** Spec §3 Message, plus the listing it was sent about. */
export interface Message {
  id: number;
  senderId: number;
  receiverId: number;
  content: string;
  messageType: MessageType;
  offerId: number | null;
  productId: number | null;
  read: boolean;
  createdAt: string;
}

/** A conversation partner with the newest message and your unread count from them. */
export interface Conversation {
  id: number;
  username: string;
  displayName: string;
  avatarUrl: string | null;
  verified: boolean;
  unreadCount: number;
  lastMessage: Message;
}

interface ThreadPage {
  items: Message[];
  nextCursor: string | null;
  /** Either member blocked the other: readable, but sending is refused (issue 37). */
  closed: boolean;
  /** The reader is the one who blocked. */
  blockedByYou: boolean;
  /** Newest page: each listing one of the two sells the other at an agreed price (an
   *  order between them, or an accepted offer holding it); empty on older pages. */
  agreedPrices: AgreedPrice[];
}

export interface AgreedPrice {
  productId: number;
  price: string;
}

export const messageKeys = {
  all: ['messages'] as const,
  unread: (userId: number | undefined) => ['messages', 'unread', userId] as const,
  conversations: (userId: number) => ['messages', 'conversations', userId] as const,
  thread: (userId: number, partnerId: number) => ['messages', 'thread', userId, partnerId] as const,
};

/** Unread count for the header dot; any failure reads as 0 so the header never shows an error. */
async function fetchUnreadCount(userId: number): Promise<number> {
  try {
    const { count } = await api.get(`users/${userId}/unread-messages`).json<{ count: number }>();
    return Number(count) || 0;
  } catch {
    return 0;
  }
}

/** The current user's unread message count: polled every 30 s, refreshed live by the socket. */
export function useUnreadMessageCount(): number {
  const userId = useCurrentUser()?.id;
  const { data } = useQuery({
    queryKey: messageKeys.unread(userId),
    queryFn: () => fetchUnreadCount(userId as number),
    enabled: userId !== undefined,
    refetchInterval: POLL_MS,
  });
  return userId === undefined ? 0 : (data ?? 0);
}

export function useConversations(userId: number) {
  return useQuery({
    queryKey: messageKeys.conversations(userId),
    queryFn: () => api.get(`users/${userId}/conversations`).json<Conversation[]>(),
  });
}

/** The thread with a partner: pages of older messages, each page oldest first. */
export function useThread(userId: number, partnerId: number | undefined) {
  return useInfiniteQuery({
    queryKey: messageKeys.thread(userId, partnerId ?? 0),
    queryFn: ({ pageParam }) =>
      api
        .get(`messages/${userId}/${partnerId}`, {
          searchParams: pageParam ? { cursor: pageParam } : {},
        })
        .json<ThreadPage>(),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: partnerId !== undefined,
    refetchInterval: THREAD_POLL_MS,
  });
}

/** Every loaded message, oldest first (older pages come after the newest in the cache). */
export function threadMessages(pages: ThreadPage[] | undefined): Message[] {
  return (pages ?? [])
    .slice()
    .reverse()
    .flatMap((page) => page.items);
}

export interface Outgoing {
  senderId: number;
  receiverId: number;
  content: string;
  productId?: number;
}

/** How a message went out: over the socket, or by the HTTP fallback. */
export type SentBy = 'socket' | 'http';

/** Send over the socket when connected, otherwise POST /api/messages (spec §4). */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (message: Outgoing): Promise<SentBy> => {
      if (realtime.send({ type: 'message', ...message })) return 'socket';
      await api.post('messages', { json: { ...message, messageType: 'text' } }).json<Message>();
      return 'http';
    },
    onSuccess: (sentBy) => {
      if (sentBy === 'http') void queryClient.invalidateQueries({ queryKey: messageKeys.all });
    },
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pair: { senderId: number; receiverId: number }) =>
      api.post('messages/mark-read', { json: pair }).json<{ updated: number }>(),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: messageKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    },
  });
}

/** The listing a conversation is about (Message Seller from a product page). */
export function useContextProduct(productId: number | undefined) {
  return useQuery({
    queryKey: productKeys.detail(productId ?? 0),
    queryFn: () => api.get(`products/${productId}`).json<Product>(),
    enabled: productId !== undefined && productId > 0,
  });
}
