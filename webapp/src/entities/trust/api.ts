import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PublicUser } from '@/entities/user/public-user';

/** What a member can report (POST /api/reports targetType). */
export type ReportTarget = 'listing' | 'user' | 'post' | 'comment' | 'message';

export const REPORT_REASONS = [
  { value: 'counterfeit', label: 'Counterfeit' },
  { value: 'prohibited', label: 'Prohibited item' },
  { value: 'offensive', label: 'Offensive' },
  { value: 'harassment', label: 'Harassment' },
  { value: 'spam', label: 'Spam' },
  { value: 'scam', label: 'Scam or fraud' },
  { value: 'other', label: 'Something else' },
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number]['value'];
export const DETAILS_MAX = 1000;

export interface ReportInput {
  targetType: ReportTarget;
  targetId: number;
  reason: ReportReason;
  details?: string;
}

export interface BlockedMember {
  user: PublicUser;
  createdAt: string;
}

export const trustKeys = {
  blocks: ['trust', 'blocks'] as const,
  reports: (status: string) => ['admin', 'reports', status] as const,
  audit: (action: string) => ['admin', 'audit', action] as const,
};

export function sendReport(input: ReportInput) {
  return api.post('reports', { json: input }).json<{ id: number }>();
}

export function useBlockedMembers(enabled = true) {
  return useQuery({
    queryKey: trustKeys.blocks,
    queryFn: () => api.get('blocks').json<BlockedMember[]>(),
    enabled,
  });
}

export function useBlockToggle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, block }: { userId: number; block: boolean }) =>
      block
        ? api.post('blocks', { json: { userId } }).json<BlockedMember>()
        : api.delete(`blocks/${userId}`).then(() => null),
    onSuccess: () => client.invalidateQueries({ queryKey: trustKeys.blocks }),
  });
}

/** The moderation desk (administrators). */
export interface ReportItem {
  id: number;
  reporterId: number;
  reason: ReportReason;
  details: string;
  createdAt: string;
  action: string | null;
  note: string | null;
}

export interface ReportGroup {
  id: number;
  targetType: ReportTarget;
  targetId: number;
  owner: PublicUser | null;
  count: number;
  reasons: Record<string, number>;
  reports: ReportItem[];
}

export function useReportGroups(status: 'open' | 'resolved') {
  return useQuery({
    queryKey: trustKeys.reports(status),
    queryFn: () => api.get('admin/reports', { searchParams: { status } }).json<ReportGroup[]>(),
  });
}

export type ResolveAction = 'dismiss' | 'hide' | 'suspend';

export function useResolveReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, note }: { id: number; action: ResolveAction; note: string }) =>
      api.post(`admin/reports/${id}/resolve`, { json: { action, note } }).json<{ resolved: number }>(),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export interface AuditEntry {
  id: number;
  adminId: number | null;
  action: string;
  targetType: string;
  targetId: number;
  note: string;
  createdAt: string;
}

export interface AuditPage {
  items: AuditEntry[];
  nextCursor: string | null;
}

export function useAudit(action: string) {
  return useQuery({
    queryKey: trustKeys.audit(action),
    queryFn: () =>
      api
        .get('admin/audit', { searchParams: action ? { action, limit: 50 } : { limit: 50 } })
        .json<AuditPage>(),
  });
}

/** The path of the page a reported target lives on (comments and messages: none). */
export function targetLink(group: Pick<ReportGroup, 'targetType' | 'targetId'>): string | null {
  switch (group.targetType) {
    case 'listing':
      return `/product/${group.targetId}`;
    case 'user':
      return `/profile/${group.targetId}`;
    case 'post':
      return `/post/${group.targetId}`;
    default:
      return null;
  }
}
