import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const DISPUTE_REASONS = [
  { value: 'not_as_described', label: 'Not as described' },
  { value: 'damaged', label: 'Arrived damaged' },
  { value: 'counterfeit', label: 'Counterfeit' },
  { value: 'not_received', label: 'Not received' },
  { value: 'other', label: 'Something else' },
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number]['value'];
export const DETAILS_MIN = 20;
export const MAX_PHOTOS = 5;

export interface DisputeResponse {
  id: number;
  authorId: number;
  text: string;
  photos: string[];
  createdAt: string;
}

/** A listing of the disputed order: its title and a thumbnail of its cover. */
export interface DisputeItem {
  id: number;
  title: string;
  image: string | null;
}

export interface Dispute {
  id: number;
  orderId: number;
  orderNumber: string;
  orderStatus: string;
  /** When the order was placed (`createdAt` is when the dispute was opened). */
  orderPlacedAt: string;
  /** What the buyer paid: price, service fee and shipping. */
  orderTotal: string;
  /** The order's listings, first first (a bundle has several). */
  items: DisputeItem[];
  buyer: { id: number; username: string; displayName: string } | null;
  seller: { id: number; username: string; displayName: string } | null;
  reason: DisputeReason;
  reasonLabel: string;
  details: string;
  photos: string[];
  status: 'open' | 'resolved';
  outcome: 'release' | 'refund' | null;
  outcomeLabel: string | null;
  note: string | null;
  createdAt: string;
  resolvedAt: string | null;
  responses: DisputeResponse[];
}

export const disputeKeys = {
  order: (orderId: number) => ['disputes', 'order', orderId] as const,
  admin: (status: string) => ['admin', 'disputes', status] as const,
};

export function useOrderDispute(orderId: number, enabled: boolean) {
  return useQuery({
    queryKey: disputeKeys.order(orderId),
    queryFn: () => api.get(`orders/${orderId}/dispute`).json<Dispute | null>(),
    enabled,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['disputes'] });
    void client.invalidateQueries({ queryKey: ['orders'] });
    void client.invalidateQueries({ queryKey: ['admin'] });
  };
}

export function useOpenDispute(orderId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { reason: DisputeReason; details: string; photos: string[] }) =>
      api.post(`orders/${orderId}/dispute`, { json: body }).json<Dispute>(),
    onSuccess: refresh,
  });
}

export function useRespond(disputeId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { text: string; photos: string[] }) =>
      api.post(`disputes/${disputeId}/responses`, { json: body }).json<Dispute>(),
    onSuccess: refresh,
  });
}

export function useAdminDisputes(status: 'open' | 'resolved') {
  return useQuery({
    queryKey: disputeKeys.admin(status),
    queryFn: () => api.get('admin/disputes', { searchParams: { status } }).json<Dispute[]>(),
  });
}

export function useResolveDispute() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, outcome, note }: { id: number; outcome: 'release' | 'refund'; note: string }) =>
      api.post(`admin/disputes/${id}/resolve`, { json: { outcome, note } }).json<Dispute>(),
    onSuccess: refresh,
  });
}
