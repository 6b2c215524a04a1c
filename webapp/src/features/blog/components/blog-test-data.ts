import type { BlogPost } from '../api';

/** A post as the API sends it, for the blog tests. */
export function makePost(overrides: Partial<BlogPost> = {}): BlogPost {
  return {
    id: 1,
    title: 'Denim Care Basics',
    slug: 'denim-care-basics',
    excerpt: 'How to keep jeans going for decades.',
    content: 'Wash cold.\n\nDry flat.',
    imageUrl: null,
    imageMediumUrl: null,
    published: true,
    createdAt: '2025-01-05T12:00:00Z',
    updatedAt: '2025-01-05T12:00:00Z',
    userId: 7,
    user: { id: 7, username: 'ann', displayName: 'Ann Lee', avatarUrl: null },
    ...overrides,
  };
}
