import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { firstView, texts } from '@/test-utils/first-view';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import BlogListPage from './blog-list-page';

describe("the blog's first view and the React page say the same", () => {
  it('the heading and the line under it', async () => {
    setSession('anonymous');
    fakeServer({ 'GET /api/blogs': () => json({ items: [], nextCursor: null }) });
    const view = firstView('blog');
    renderRoutes([{ path: '/blog', element: <BlogListPage /> }], '/blog');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(texts(view, 'h1')[0]!);
    expect(screen.getByText(texts(view, 'p')[0]!)).toBeInTheDocument();
  });
});
