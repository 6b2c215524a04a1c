import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import BlogEditorPage from './blog-editor-page';
import { makePost } from './blog-test-data';

const routes = [
  { path: '/blog/new', element: <BlogEditorPage /> },
  { path: '/blog/edit/:id', element: <BlogEditorPage /> },
  { path: '/blog/:slug', element: <p>Post page</p> },
  { path: '/blog', element: <p>Blog list</p> },
];

beforeEach(() => {
  setSession('authenticated', makeUser({ id: 7 }));
  document.cookie = 'csrftoken=t';
});

describe('BlogEditorPage', () => {
  it('generates the slug from the title as it is typed, until the slug is edited', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/blog/new');
    await user.type(screen.getByLabelText(/^Title/), "Levi's & H&M: A Guide!");
    expect(screen.getByLabelText(/^Slug/)).toHaveValue('levis-hm-a-guide');
    await user.clear(screen.getByLabelText(/^Slug/));
    await user.type(screen.getByLabelText(/^Slug/), 'my-guide');
    await user.type(screen.getByLabelText(/^Title/), ' more');
    expect(screen.getByLabelText(/^Slug/)).toHaveValue('my-guide');
  });

  it('shows the validation messages under the inputs and sends nothing', async () => {
    const server = fakeServer({});
    const user = userEvent.setup();
    renderRoutes(routes, '/blog/new');
    await user.type(screen.getByLabelText(/^Title/), 'ab');
    await user.type(screen.getByLabelText(/^Cover image URL/), 'javascript:alert(1)');
    await user.type(screen.getByLabelText(/^Content/), 'short');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(screen.getByText('Title must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Slug must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Image URL must be a valid URL')).toBeInTheDocument();
    expect(screen.getByText('Content must be at least 10 characters')).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it('has a content box at least 300px high', () => {
    renderRoutes(routes, '/blog/new');
    const content = screen.getByLabelText(/^Content/);
    expect(content.className).toMatch(/contentInput/);
  });

  it('previews the post as paragraphs and switches back to edit', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/blog/new');
    await user.type(screen.getByLabelText(/^Title/), 'My thrift story');
    await user.type(screen.getByLabelText(/^Content/), 'First part.{Enter}{Enter}<b>Second</b> part.');
    await user.click(screen.getByRole('radio', { name: 'Preview' }));
    expect(screen.getByRole('heading', { level: 2, name: 'My thrift story' })).toBeInTheDocument();
    expect(screen.getByText('First part.')).toBeInTheDocument();
    expect(screen.getByText('<b>Second</b> part.')).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Edit' }));
    expect(screen.getByLabelText(/^Content/)).toHaveValue('First part.\n\n<b>Second</b> part.');
  });

  it('creates the post, toasts and goes to its page', async () => {
    const server = fakeServer({
      'POST /api/blogs': async (request) => {
        const body = (await request.json()) as Record<string, unknown>;
        return json(makePost({ ...body, slug: 'my-thrift-story', id: 9 }), 201);
      },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/blog/new');
    await user.type(screen.getByLabelText(/^Title/), 'My thrift story');
    await user.type(screen.getByLabelText(/^Content/), 'A long enough story.');
    await user.click(screen.getByRole('switch', { name: /Published/ }));
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog/my-thrift-story'));
    expect(await screen.findByText('Blog post created')).toBeInTheDocument();
    expect(await server.requests[0].json()).toEqual({
      title: 'My thrift story',
      slug: 'my-thrift-story',
      excerpt: '',
      imageUrl: '',
      content: 'A long enough story.',
      published: true,
    });
  });

  it('shows the server message in a toast and its field errors under the inputs', async () => {
    fakeServer({
      'POST /api/blogs': () => json({ message: 'That slug is already in use' }, 409),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/blog/new');
    await user.type(screen.getByLabelText(/^Title/), 'Taken title');
    await user.type(screen.getByLabelText(/^Content/), 'A long enough story.');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText('Failed to create blog post')).toBeInTheDocument();
    expect(screen.getAllByText('That slug is already in use').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByLabelText(/^Slug/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits a post the user owns and keeps its slug', async () => {
    const server = fakeServer({
      'GET /api/blogs/1': () => json(makePost()),
      'PUT /api/blogs/1': async (request) => json(makePost((await request.json()) as object)),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/blog/edit/1');
    const title = await screen.findByLabelText(/^Title/);
    expect(title).toHaveValue('Denim Care Basics');
    await user.type(title, ' 2');
    expect(screen.getByLabelText(/^Slug/)).toHaveValue('denim-care-basics');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog/denim-care-basics'));
    expect(await screen.findByText('Blog post updated')).toBeInTheDocument();
    const put = server.requests.find((request) => request.method === 'PUT');
    expect(await put?.json()).toMatchObject({ title: 'Denim Care Basics 2', slug: 'denim-care-basics' });
  });

  it('refuses to edit someone else’s post', async () => {
    fakeServer({ 'GET /api/blogs/1': () => json(makePost({ userId: 99 })) });
    renderRoutes(routes, '/blog/edit/1');
    expect(await screen.findByText('You do not have permission to edit this blog post.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Title/)).toBeNull();
  });

  it('sends a non-numeric id back to /blog', async () => {
    const { router } = renderRoutes(routes, '/blog/edit/abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog'));
  });

  it('shows the update failure toast with the message', async () => {
    fakeServer({
      'GET /api/blogs/1': () => json(makePost()),
      'PUT /api/blogs/1': () =>
        json(
          {
            message: 'Title must be less than 100 characters',
            errors: { title: 'Title must be less than 100 characters' },
          },
          400,
        ),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/blog/edit/1');
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update blog post')).toBeInTheDocument();
  });
});
