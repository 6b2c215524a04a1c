import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import BlogListPage from './blog-list-page';
import { makePost } from './blog-test-data';

const routes = [{ path: '/blog', element: <BlogListPage /> }];

beforeEach(() => {
  setSession('anonymous');
});

describe('BlogListPage', () => {
  it('shows cards with title, excerpt, date, author and a Draft badge', async () => {
    fakeServer({
      'GET /api/blogs': () =>
        json({
          items: [makePost(), makePost({ id: 2, slug: 'draft', title: 'My draft', published: false })],
          nextCursor: null,
        }),
    });
    renderRoutes(routes, '/blog');
    const link = await screen.findByRole('link', { name: 'Denim Care Basics' });
    expect(link).toHaveAttribute('href', '/blog/denim-care-basics');
    expect(screen.getAllByText('How to keep jeans going for decades.')).toHaveLength(2);
    expect(screen.getAllByText('Jan 5, 2025')).toHaveLength(2);
    expect(screen.getAllByText('Ann Lee').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Draft')).toHaveLength(1);
  });

  it('says when there are no posts', async () => {
    fakeServer({ 'GET /api/blogs': () => json({ items: [], nextCursor: null }) });
    renderRoutes(routes, '/blog');
    expect(await screen.findByText('No blog posts found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show My Drafts' })).toBeNull();
  });

  it('shows the load failure with its message', async () => {
    fakeServer({ 'GET /api/blogs': () => json({ message: 'Database is asleep' }, 503) });
    renderRoutes(routes, '/blog');
    expect(await screen.findByText('Failed to load blog posts')).toBeInTheDocument();
    expect(screen.getByText('Database is asleep')).toBeInTheDocument();
  });

  it('toggles the caller’s drafts for a logged-in user', async () => {
    setSession('authenticated', makeUser());
    const server = fakeServer({
      'GET /api/blogs': (request) => {
        const drafts = new URL(request.url).searchParams.get('includeUnpublished') === 'true';
        const items = drafts ? [makePost({ id: 3, title: 'Secret', slug: 'secret', published: false })] : [];
        return json({ items, nextCursor: null });
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/blog');
    expect(screen.getByRole('link', { name: 'New Post' })).toHaveAttribute('href', '/blog/new');
    await user.click(await screen.findByRole('button', { name: 'Show My Drafts' }));
    expect(await screen.findByText('Secret')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide Drafts' })).toHaveAttribute('aria-pressed', 'true');
    expect(new URL(server.requests.at(-1)!.url).searchParams.get('limit')).toBe('12');
  });

  it('loads more posts with the cursor', async () => {
    const server = fakeServer({
      'GET /api/blogs': (request) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return cursor === 'page-2'
          ? json({ items: [makePost({ id: 2, title: 'Older post', slug: 'older' })], nextCursor: null })
          : json({ items: [makePost()], nextCursor: 'page-2' });
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/blog');
    await user.click(await screen.findByRole('button', { name: 'Load more posts' }));
    expect(await screen.findByText('Older post')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more posts' })).toBeNull());
    expect(server.requests).toHaveLength(2);
  });
});
