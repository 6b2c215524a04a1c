import type { User } from '@/entities/user/user';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    username: 'ann',
    displayName: 'Ann Lee',
    email: 'ann@example.com',
    avatarUrl: null,
    bio: null,
    height: null,
    followerCount: 0,
    followingCount: 0,
    rating: 0,
    ratingCount: 0,
    verified: false,
    instagramHandle: null,
    createdAt: '2025-01-05T10:00:00Z',
    role: 'user',
    ...overrides,
  };
}
