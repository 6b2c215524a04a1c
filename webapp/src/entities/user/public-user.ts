import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { User } from './user';

/** GET /api/users/{id}: a member's public profile with counts and whether you follow them. */
export interface PublicUser extends User {
  followingCount: number;
  listingCount?: number;
  postCount?: number;
  isFollowing?: boolean;
}

export const userKeys = {
  detail: (id: number) => ['users', id] as const,
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
