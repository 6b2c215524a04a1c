import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { User } from './user';

/** A member's suspension, as administrators see it on the profile. */
export interface MemberSuspension {
  userId: number;
  reason: string;
  /** Null: until lifted. */
  endsAt: string | null;
}

/** GET /api/users/{id}: a member's public profile with counts and whether you follow them. */
export interface PublicUser extends User {
  followingCount: number;
  listingCount?: number;
  postCount?: number;
  isFollowing?: boolean;
  /** Signed in only: you blocked this member (never whether they blocked you). */
  blockedByYou?: boolean;
  /** Administrators only: the member's suspension, or null. */
  suspension?: MemberSuspension | null;
}

export const userKeys = {
  detail: (id: number) => ['users', id] as const,
  byName: (username: string) => ['users', 'by-username', username.toLowerCase()] as const,
  followers: (id: number) => ['users', id, 'followers'] as const,
  following: (id: number) => ['users', id, 'following'] as const,
};

export function usePublicUser(id: number) {
  return useQuery({
    queryKey: userKeys.detail(id),
    queryFn: () => api.get(`users/${id}`).json<PublicUser>(),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** GET /api/users/by-username/{name}: the same profile found by username, in any case
 *  (`/profile/maya`); a 404 for an unknown name. */
export function usePublicUserByName(username: string) {
  return useQuery({
    queryKey: userKeys.byName(username),
    queryFn: () => api.get(`users/by-username/${encodeURIComponent(username)}`).json<PublicUser>(),
  });
}
