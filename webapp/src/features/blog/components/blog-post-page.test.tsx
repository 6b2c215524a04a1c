import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import BlogPostPage from './blog-post-page';
import { makePost } from './blog-test-data';

const routes = [{ path: '/blog/:slug', element: <BlogPostPage /> }];

beforeEach(() => setSession('anonymous'));

describe('BlogPostPage', () => {
  it('shows the post as paragraphs, never as HTML', async () => {
    fakeServer({
      'GET /api/blogs/slug/denim-care-basics': () =>
        json(makePost({ content: 'Wash cold.\n\n<img src=x onerror="alert(1)">Dry flat.' })),
    });
    renderRoutes(routes, '/blog/denim-care-basics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Denim Care Basics' })).toBeInTheDocument();
    expect(screen.getByText('Wash cold.').tagName).toBe('P');
    expect(screen.getByText('<img src=x onerror="alert(1)">Dry flat.')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit post' })).toBeNull();
  });

  it('shows the owner Edit post and the draft notice', async () => {
    setSession('authenticated', makeUser({ id: 7 }));
    fakeServer({
      'GET /api/blogs/slug/denim-care-basics': () => json(makePost({ published: false })),
    });
    renderRoutes(routes, '/blog/denim-care-basics');
    expect(await screen.findByRole('link', { name: 'Edit post' })).toHaveAttribute('href', '/blog/edit/1');
    expect(screen.getByText('This is a draft post and is only visible to you.')).toBeInTheDocument();
  });

  it('shows the not-found view on 404', async () => {
    fakeServer({});
    renderRoutes(routes, '/blog/nope');
    expect(await screen.findByText('Blog post not found')).toBeInTheDocument();
    expect(
      screen.getByText("The blog post you're looking for doesn't exist or has been removed."),
    ).toBeInTheDocument();
  });
});
