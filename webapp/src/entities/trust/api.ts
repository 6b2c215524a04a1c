import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { postKeys } from '@/entities/post/post';
import { productKeys } from '@/entities/product/product';
import { userKeys, type PublicUser } from '@/entities/user/public-user';

/** Why content is hidden: a moderator hid it, or its owner is suspended (docs/trust.md). */
export type HideCause = 'moderator' | 'suspension';

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

/** Block or unblock a member. Either changes what nearly every page shows of them (their
 *  profile, listings and posts, product pages' `blockedByYou`, the bag the block emptied of
 *  their items, follows, offers, the conversation): every cached answer is marked stale, and
 *  those on screen are asked again at once, so no page shows the state before. */
export function useBlockToggle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, block }: { userId: number; block: boolean }) =>
      block
        ? api.post('blocks', { json: { userId } }).json<BlockedMember>()
        : api.delete(`blocks/${userId}`).then(() => null),
    onSuccess: () => client.invalidateQueries(),
  });
}

/** The moderation desk (administrators). */
export interface ReportItem {
  id: number;
  reporterId: number;
  /** Who reported (null: an account since closed). */
  reporterUsername: string | null;
  reason: ReportReason;
  details: string;
  createdAt: string;
  action: string | null;
  /** What the desk did, as a person reads it: "Dismissed", "Hidden", "Member suspended". */
  actionLabel: string | null;
  note: string | null;
}

export interface ReportGroup {
  id: number;
  targetType: ReportTarget;
  targetId: number;
  /** What is reported, named by the server: `Listing “Wool coat”`, `Member @maya`,
   *  `Style post “…”`, `Comment “…”`, `Message “…”`, or e.g. `Comment #5 (deleted)`. */
  targetLabel: string;
  /** A thumbnail of the listing's cover or the post's photo (null: none). */
  targetImage: string | null;
  /** Where to see it in its place: the listing, the profile, the post, a comment at its place
   *  on its post's page (`/post/3#comment-9`); null for a message (no page shows a
   *  conversation to anyone outside it) and for what no longer exists. */
  targetLink: string | null;
  /** A comment's or message's words in full when `targetLabel` quotes only their start. */
  targetText: string | null;
  /** Hide can be done now (never for a member or a message). */
  canHide: boolean;
  /** Why a listing, post or comment cannot be hidden now (null when it can). */
  hideWhyNot: string | null;
  owner: PublicUser | null;
  count: number;
  reasons: Record<string, number>;
  reports: ReportItem[];
  /** Now: the listing, post or comment is hidden (a resolved group offers Restore). */
  targetHidden: boolean;
  /** Why, now: a moderator (Restore undoes it) or its owner's suspension (no Restore: it
   *  comes back when the suspension is lifted or ends); null when not hidden. */
  targetHiddenCause: HideCause | null;
  /** Now: the owner is suspended (a resolved group offers Unsuspend). */
  ownerSuspended: boolean;
  /** A resolved group: what the desk did, as it stands now ('Hidden', 'Hidden, restored on
   *  Dec 7, 01:57 UTC', 'Member suspended, lifted on …', 'Dismissed'); null while open. */
  outcome: string | null;
  /** The note of the resolution `outcome` comes from (the last one); null: none, or open. */
  outcomeNote: string | null;
}

export function useReportGroups(status: 'open' | 'resolved') {
  return useQuery({
    queryKey: trustKeys.reports(status),
    queryFn: () => api.get('admin/reports', { searchParams: { status } }).json<ReportGroup[]>(),
  });
}

export type ResolveAction = 'dismiss' | 'hide' | 'suspend';

/** How long a suspension lasts: days the server accepts (1 to 3650), or null until lifted. */
export const SUSPENSION_CHOICES = [
  { value: '1', label: '1 day', days: 1 },
  { value: '7', label: '7 days', days: 7 },
  { value: '30', label: '30 days', days: 30 },
  { value: 'lifted', label: 'Until lifted', days: null },
] as const;

export interface ResolveInput {
  id: number;
  action: ResolveAction;
  note: string;
  /** With `suspend`: the suspension's days (null: until lifted). */
  days?: number | null;
}

/** A suspension the desk made: whose, and until when (null: until lifted). */
export interface Suspension {
  userId: number;
  reason: string;
  endsAt: string | null;
}

/** What one action on a report did: reports closed, and the suspension it made. */
export interface Resolved {
  resolved: number;
  suspension: Suspension | null;
}

export function useResolveReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, note, days }: ResolveInput) =>
      api
        .post(`admin/reports/${id}/resolve`, {
          json: action === 'suspend' ? { action, note, days } : { action, note },
        })
        .json<Resolved>(),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** Undo a moderator's hiding: the listing is back in the shop (its seller is told). */
export function useRestoreListing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (listingId: number) => api.post(`admin/listings/${listingId}/restore`, { json: {} }),
    onSuccess: (_data, listingId) => {
      void client.invalidateQueries({ queryKey: productKeys.detail(listingId) });
      return client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

/** What a moderator hides besides listings, and an administrator restores. */
export type HiddenContent = 'post' | 'comment';

/** Undo a moderator's hiding of a style post or a comment: everyone sees it again. */
export function useRestoreContent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: HiddenContent; id: number }) =>
      api.post(`admin/${kind === 'post' ? 'posts' : 'comments'}/${id}/restore`, { json: {} }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: postKeys.all });
      return client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

/** Lift a member's suspension: they can sign in again and the listings it hid are back. */
export function useUnsuspendMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.post(`admin/users/${userId}/unsuspend`),
    onSuccess: (_data, userId) => {
      void client.invalidateQueries({ queryKey: userKeys.detail(userId), exact: true });
      return client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

export interface AuditEntry {
  id: number;
  adminId: number | null;
  /** Who that administrator is (null: the operator at a terminal, or a deleted account). */
  adminUsername: string | null;
  action: string;
  targetType: string;
  targetId: number;
  /** What the target is, for people: the desk's name for a listing, member, post or comment
   *  ('Listing “Wool coat”'), 'Order 42-K3Z0QF', 'Report #4 about listing “Wool coat”',
   *  'Dispute on order 42-K3Z0QF'; one gone since says so ('Style post #8 (deleted)'). */
  targetLabel: string;
  /** Where to see the target in its place, by the desk's rule (see `ReportGroup.targetLink`);
   *  null for an order, a report or a dispute, and for a target that no longer exists. */
  targetLink: string | null;
  note: string;
  createdAt: string;
}

export interface AuditPage {
  items: AuditEntry[];
  nextCursor: string | null;
}

export const AUDIT_PAGE_SIZE = 50;

/** The audit log, newest first, a page at a time; `action` '' is every action. */
export function useAudit(action: string) {
  return useInfiniteQuery<AuditPage, Error, InfiniteData<AuditPage>, readonly unknown[], string | null>({
    queryKey: trustKeys.audit(action),
    queryFn: ({ pageParam }) =>
      api
        .get('admin/audit', {
          searchParams: {
            limit: AUDIT_PAGE_SIZE,
            ...(action ? { action } : {}),
            ...(pageParam ? { cursor: pageParam } : {}),
          },
        })
        .json<AuditPage>(),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
