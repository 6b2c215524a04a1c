import { useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
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
  all: ['admin'] as const,
  contactMessages: ['admin', 'contact-messages'] as const,
  analytics: ['admin', 'analytics'] as const,
};

/** One day of GET /api/analytics/summary's dailyMetrics (UTC calendar day). */
export interface DailyMetrics {
  date: string;
  activeUsers: number;
  newSignups: number;
  newListings: number;
  completedSales: number;
  searchQueries: number;
  messagesSent: number;
  offersMade: number;
}

export type ActivityKind =
  | 'signup'
  | 'visit'
  | 'listing_created'
  | 'search'
  | 'message_sent'
  | 'offer_made'
  | 'order_placed'
  | 'sale_completed'
  | 'order_cancelled';

export interface ActivityItem {
  kind: ActivityKind;
  at: string;
  userId: number | null;
  username: string | null;
}

/** Spec §3 Analytics summary, plus the ten newest recorded events. */
export interface AnalyticsSummary {
  totalUsers: number;
  newSignupsThisWeek: number;
  activeUsersToday: number;
  buyerToSellerRatio: number;
  buyerCount: number;
  sellerCount: number;
  transactionSuccessRate: number;
  dailyMetrics: DailyMetrics[];
  recentActivity: ActivityItem[];
}

export function useAnalyticsSummary() {
  return useQuery({
    queryKey: adminKeys.analytics,
    queryFn: () => api.get('analytics/summary').json<AnalyticsSummary>(),
  });
}

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
