import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import PostPage from './post-page';

const routes = [{ path: '/post/:id', element: <PostPage /> }];
const maya = makeUser({ id: 3, username: 'maya', displayName: 'Maya Chen', instagramHandle: 'maya.thrifts' });
const sofia = makeUser({ id: 7, username: 'sofia', displayName: 'Sofia Rossi' });
const post = {
  id: 5,
  userId: 3,
  imageUrl: '/media/look.webp',
  thumbnailUrl: '/media/look-t.webp',
  mediumUrl: '/media/look.900.webp',
  content: 'Sunday layers',
  createdAt: new Date().toISOString(),
  user: maya,
  hashtags: [],
  taggedProducts: [],
  likeCount: 2,
  saveCount: 0,
  commentCount: 0,
  liked: false,
  saved: false,
  isFollowingAuthor: false,
  comments: [],
  commentsNextCursor: null,
};

beforeEach(() => {
  setSession('authenticated', sofia);
  document.cookie = 'csrftoken=t';
});

/** A comment of sofia's on post 5 that a moderator hid. */
const hiddenComment = (content: string) => ({
  id: 9,
  postId: 5,
  userId: 7,
  content,
  createdAt: new Date().toISOString(),
  user: sofia,
  hidden: true,
});

describe('PostPage', () => {
  it('shows the spec empty states, the author and a like as the signed-in user', async () => {
    const server = fakeServer({
      'GET /api/posts/5': () => json(post),
      'POST /api/likes': () => json({ postId: 5, likeCount: 3, saveCount: 0, commentCount: 0 }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/post/5');
    expect(await screen.findByText('Style #5')).toBeInTheDocument();
    // One level-1 heading names the page for screen readers.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Style #5 by /);
    expect(screen.getByText('No comments yet. Be the first to comment!')).toBeInTheDocument();
    expect(screen.getByText('No products tagged in this post.')).toBeInTheDocument();
    expect(screen.getByText('No tags on this post')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /instagram.com\/maya.thrifts/ })).toHaveAttribute(
      'href',
      'https://instagram.com/maya.thrifts',
    );
    await user.click(screen.getByRole('button', { name: 'Like' }));
    expect(await screen.findByLabelText('3 likes')).toBeInTheDocument();
    const like = server.requests.find((r) => r.method === 'POST');
    expect(await like?.json()).toEqual({ postId: 5, userId: 7 });
  });

  it('posts a comment and shows it at once', async () => {
    fakeServer({
      'GET /api/posts/5': () => json(post),
      'POST /api/posts/5/comments': () =>
        json(
          {
            id: 9,
            postId: 5,
            userId: 7,
            content: 'Love it',
            createdAt: new Date().toISOString(),
            user: sofia,
          },
          201,
        ),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/post/5');
    await user.type(await screen.findByLabelText('Add a comment'), 'Love it');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Love it')).toBeInTheDocument();
    expect(screen.getByText('Comments (1)')).toBeInTheDocument();
    expect(screen.queryByText('No comments yet. Be the first to comment!')).not.toBeInTheDocument();
  });

  it('refuses an empty comment without calling the server', async () => {
    const server = fakeServer({ 'GET /api/posts/5': () => json(post) });
    const user = userEvent.setup();
    renderRoutes(routes, '/post/5');
    await screen.findByText('Style #5');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Comment cannot be empty')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('says Failed to load post with Refresh', async () => {
    fakeServer({ 'GET /api/posts/5': () => json({ message: 'Post not found' }, 404) });
    renderRoutes(routes, '/post/5');
    expect(await screen.findByRole('heading', { name: 'Failed to load post' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it("tells a comment's author that a moderator hid it", async () => {
    fakeServer({
      'GET /api/posts/5': () =>
        json({
          ...post,
          commentCount: 1,
          comments: [hiddenComment('Rude words')],
        }),
    });
    renderRoutes(routes, '/post/5');
    expect(await screen.findByText('Rude words')).toBeInTheDocument();
    expect(screen.getByText('Hidden by a moderator')).toBeInTheDocument();
  });

  it('tells the author that a moderator hid the post, without Restore', async () => {
    setSession('authenticated', maya);
    fakeServer({ 'GET /api/posts/5': () => json({ ...post, hidden: true }) });
    renderRoutes(routes, '/post/5');
    expect(await screen.findByText('Hidden by a moderator')).toBeInTheDocument();
    expect(screen.getByText(/Nobody else can see this post/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore post' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Reason:/)).not.toBeInTheDocument();
  });

  it("gives the moderator's reason for hiding the post when there is one", async () => {
    setSession('authenticated', maya);
    fakeServer({ 'GET /api/posts/5': () => json({ ...post, hidden: true, hiddenReason: 'Spam links' }) });
    renderRoutes(routes, '/post/5');
    expect(await screen.findByText('Hidden by a moderator')).toBeInTheDocument();
    expect(screen.getByText('Reason: Spam links')).toBeInTheDocument();
    expect(screen.getByText(/Nobody else can see this post/)).toBeInTheDocument();
  });

  it('lets an administrator restore a hidden post, then keeps the focus on the notice', async () => {
    setSession('authenticated', makeUser({ id: 1, role: 'admin' }));
    let hidden = true;
    const server = fakeServer({
      'GET /api/posts/5': () => json({ ...post, hidden }),
      'POST /api/admin/posts/5/restore': () => {
        hidden = false;
        return new Response(null, { status: 200 });
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/post/5');
    expect(await screen.findByText('Hidden by a moderator')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore post' }));
    const done = await screen.findByText('Post restored: everyone can see it again.');
    await waitFor(() => expect(done.closest('[tabindex="-1"]')).toHaveFocus());
    expect(screen.queryByText('Hidden by a moderator')).not.toBeInTheDocument();
    expect(server.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toContain(
      'POST /api/admin/posts/5/restore',
    );
  });

  it("offers an administrator no Restore for a post its author's suspension hid, and says why", async () => {
    setSession('authenticated', makeUser({ id: 1, role: 'admin' }));
    fakeServer({ 'GET /api/posts/5': () => json({ ...post, hidden: true, hiddenCause: 'suspension' }) });
    renderRoutes(routes, '/post/5');
    expect(await screen.findByText('Hidden while its author is suspended')).toBeInTheDocument();
    expect(screen.getByText(/It comes back when the suspension is lifted or ends/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "@maya's suspension" })).toHaveAttribute('href', '/profile/3');
    expect(screen.queryByRole('button', { name: 'Restore post' })).not.toBeInTheDocument();
  });

  it('lets an administrator restore a hidden comment, then moves the focus to the line saying so', async () => {
    setSession('authenticated', makeUser({ id: 1, role: 'admin' }));
    const comment = hiddenComment('Rude words');
    const server = fakeServer({
      'GET /api/posts/5': () => json({ ...post, commentCount: 1, comments: [comment] }),
      'POST /api/admin/comments/9/restore': () => new Response(null, { status: 200 }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/post/5');
    await user.click(await screen.findByRole('button', { name: 'Restore comment by Sofia Rossi' }));
    const done = await screen.findByText('Comment restored: everyone can see it again.');
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.queryByText('Hidden by a moderator')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Restore comment/ })).not.toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => new URL(r.url).pathname)).toEqual([
      '/api/admin/comments/9/restore',
    ]);
  });

  it("gives each comment the id a link to it lands on (the desk's /post/5#comment-9)", async () => {
    setSession('authenticated', makeUser({ id: 1, role: 'admin' }));
    fakeServer({
      'GET /api/posts/5': () => json({ ...post, commentCount: 1, comments: [hiddenComment('Rude words')] }),
    });
    renderRoutes(routes, '/post/5');
    const text = await screen.findByText('Rude words');
    expect(text.closest('#comment-9')).not.toBeNull();
  });

  it('reads further pages of comments until a linked comment is drawn, and no further', async () => {
    const comment = (id: number, content: string) => ({ ...hiddenComment(content), id, hidden: false });
    const server = fakeServer({
      'GET /api/posts/5': () =>
        json({ ...post, commentCount: 3, comments: [comment(1, 'First words')], commentsNextCursor: 'p2' }),
      'GET /api/posts/5/comments': (request) =>
        new URL(request.url).searchParams.get('cursor') === 'p2'
          ? json({ items: [comment(2, 'Second words')], nextCursor: 'p3' })
          : json({ items: [comment(3, 'Third words')], nextCursor: 'p4' }),
    });
    renderRoutes(routes, '/post/5#comment-3');
    const linked = await screen.findByText('Third words');
    expect(linked.closest('#comment-3')).not.toBeNull();
    const pages = () => server.requests.filter((r) => new URL(r.url).pathname === '/api/posts/5/comments');
    await waitFor(() => expect(pages()).toHaveLength(2));
    expect(pages().map((r) => new URL(r.url).searchParams.get('cursor'))).toEqual(['p2', 'p3']);
    expect(screen.getByRole('button', { name: 'Show more comments' })).toBeInTheDocument();
  });

  it("offers a comment's author no Restore", async () => {
    fakeServer({
      'GET /api/posts/5': () =>
        json({
          ...post,
          commentCount: 1,
          comments: [hiddenComment('Rude')],
        }),
    });
    renderRoutes(routes, '/post/5');
    expect(await screen.findByText('Hidden by a moderator')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Restore/ })).not.toBeInTheDocument();
  });
});
