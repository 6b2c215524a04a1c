import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import { photoSrcSet } from './photo-sizes';
import type { StylePost } from './post';
import { PostCard } from './post-card';

const post: StylePost = {
  id: 4,
  userId: 7,
  imageUrl: '/media/look.webp',
  thumbnailUrl: '/media/look-t.webp',
  mediumUrl: '/media/look.900.webp',
  content: 'Autumn layers',
  createdAt: '2026-11-27T10:00:00Z',
  user: makeUser({ id: 7, username: 'maya' }),
  hashtags: [],
  taggedProducts: [],
  likeCount: 0,
  saveCount: 0,
  commentCount: 0,
  liked: false,
  saved: false,
  isFollowingAuthor: false,
};

describe('PostCard photo (issue 36 item 13)', () => {
  it('offers the 900 px copy and the display size (srcset and sizes), not only the 320 px thumbnail', () => {
    setSession('anonymous');
    renderRoutes([{ path: '/feed', element: <PostCard post={post} eager /> }], '/feed');
    const photo = screen.getByRole('img', { name: 'Autumn layers' });
    expect(photo).toHaveAttribute(
      'srcset',
      '/media/look-t.webp 320w, /media/look.900.webp 720w, /media/look.webp 960w',
    );
    expect(photo.getAttribute('sizes')).toMatch(/calc\(100vw - 32px\)$/);
    expect(photo).toHaveAttribute('loading', 'eager');
  });

  it('keeps a plain src when only one size exists', () => {
    expect(photoSrcSet({ thumbnailUrl: '/media/a.webp', imageUrl: '/media/a.webp' })).toBeUndefined();
    expect(photoSrcSet({ thumbnailUrl: '', mediumUrl: null, imageUrl: '/media/a.webp' })).toBeUndefined();
  });

  it('leaves out a size the photo does not have (a photo the media store did not write)', () => {
    expect(photoSrcSet({ thumbnailUrl: '/media/a-t.webp', mediumUrl: null, imageUrl: '/media/a.webp' })).toBe(
      '/media/a-t.webp 320w, /media/a.webp 960w',
    );
  });
});
