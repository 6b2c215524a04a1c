import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { OrderPage } from '@/entities/order/order';
import { adminKeys } from './api';

/** The dashboard's order lists: an order status or a server-side group (docs/admin.md). */
export type DeskFilter = 'pending_payment' | 'payment_confirmed' | 'sales' | null;

/** GET /api/admin/orders/summary: the four cards and the sales records' figures. */
export interface DeskSummary {
  totalOrders: number;
  pendingPayments: number;
  toBeShipped: number;
  completed: number;
  sales: { count: number; revenue: string; averageOrderValue: string };
}

export const DESK_PAGE_SIZE = 10;
export const EXPORT_URL = '/api/admin/orders/export';

export const deskKeys = {
  all: [...adminKeys.all, 'orders'] as const,
  summary: [...adminKeys.all, 'orders', 'summary'] as const,
  page: (filter: DeskFilter, search: string, cursor: string | null) =>
    [...adminKeys.all, 'orders', 'page', filter, search, cursor] as const,
};

export function useDeskSummary() {
  return useQuery({
    queryKey: deskKeys.summary,
    queryFn: () => api.get('admin/orders/summary').json<DeskSummary>(),
  });
}

/** One page of every order (both parties' contact, the address), newest first. */
export function useDeskOrders(filter: DeskFilter, search: string, cursor: string | null) {
  return useQuery({
    queryKey: deskKeys.page(filter, search, cursor),
    queryFn: () => {
      const searchParams = new URLSearchParams({ limit: String(DESK_PAGE_SIZE) });
      if (filter) searchParams.set('status', filter);
      if (search) searchParams.set('q', search);
      if (cursor) searchParams.set('cursor', cursor);
      return api.get('admin/orders', { searchParams }).json<OrderPage>();
    },
    placeholderData: keepPreviousData,
  });
}
