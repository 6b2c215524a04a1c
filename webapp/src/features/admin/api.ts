import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A contact-form message as GET /api/admin/contact-messages sends it. */
export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
  userId: number | null;
}

export interface ContactMessagePage {
  items: ContactMessage[];
  nextCursor: string | null;
}

export const CONTACT_PAGE_SIZE = 20;

export const adminKeys = {
  contactMessages: ['admin', 'contact-messages'] as const,
};

export function fetchContactMessages(cursor: string | null): Promise<ContactMessagePage> {
  const searchParams = new URLSearchParams({ limit: String(CONTACT_PAGE_SIZE) });
  if (cursor) searchParams.set('cursor', cursor);
  return api.get('admin/contact-messages', { searchParams }).json<ContactMessagePage>();
}

/** Contact-form messages, newest first, a page at a time (administrators only). */
export function useContactMessages() {
  return useInfiniteQuery<
    ContactMessagePage,
    Error,
    InfiniteData<ContactMessagePage>,
    readonly unknown[],
    string | null
  >({
    queryKey: adminKeys.contactMessages,
    queryFn: ({ pageParam }) => fetchContactMessages(pageParam),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
