import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { makePage, makeProduct } from '@/test-utils/products';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import NewPostPage from './new-post-page';

const routes = [
  { path: '/post/new', element: <NewPostPage /> },
  { path: '/post/:id', element: <p>Post page</p> },
];
const coat = makeProduct({ id: 11, title: 'Wool coat' });

beforeEach(() => {
  setSession('authenticated', makeUser({ id: 7, username: 'sofia' }));
  document.cookie = 'csrftoken=t';
});

async function withPhotoAndTag() {
  const server = fakeServer({
    'GET /api/products': () => json(makePage([coat])),
    'POST /api/posts': () => json({ id: 5 }, 201),
  });
  const user = userEvent.setup();
  const { container } = renderRoutes(routes, '/post/new');
  const input = container.querySelector('input[type=file]') as HTMLInputElement;
  await user.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'look.png', { type: 'image/png' }));
  expect(await screen.findByRole('img', { name: 'Your photo' })).toBeInTheDocument();
  await user.type(screen.getByLabelText('Tag items'), 'wool');
  await user.click(await screen.findByRole('button', { name: 'Tag Wool coat' }));
  return { server, user };
}

describe('NewPostPage pins', () => {
  it('places, moves and sets a pin with the keyboard alone, announcing each step', async () => {
    const { server, user } = await withPhotoAndTag();
    screen.getByRole('button', { name: 'Pin on photo: Wool coat' }).focus();
    await user.keyboard('{Enter}');
    const pin = await screen.findByRole('button', { name: /^Pin for Wool coat at the centre of the photo/ });
    await waitFor(() => expect(pin).toHaveFocus());
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(
      'Pin for Wool coat is at the centre of the photo (50% across, 50% down). Move it with the arrow keys',
    );
    await user.keyboard(
      '{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}',
    );
    expect(status).toHaveTextContent('Wool coat: the bottom right of the photo (70% across, 70% down)');
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}{Enter}');
    expect(status).toHaveTextContent(
      'Pin for Wool coat set at the bottom right of the photo (69% across, 70% down).',
    );
    expect(
      screen.getByText('Pinned at the bottom right of the photo (69% across, 70% down)'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'POST')).toBe(true));
    const sent = await server.requests.find((r) => r.method === 'POST')!.json();
    expect(sent.taggedProductIds).toEqual([11]);
    expect(sent.tagPositions).toEqual([{ productId: 11, x: 0.69, y: 0.7 }]);
  });

  it('removes a pin with Delete and keeps the tag', async () => {
    const { user } = await withPhotoAndTag();
    await user.click(screen.getByRole('button', { name: 'Pin on photo: Wool coat' }));
    await screen.findByRole('button', { name: /^Pin for Wool coat/ });
    await user.keyboard('{Delete}');
    expect(screen.queryByRole('button', { name: /^Pin for Wool coat/ })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Pin for Wool coat removed.');
    expect(screen.getByRole('button', { name: 'Pin on photo: Wool coat' })).toBeInTheDocument();
  });
});

describe('NewPostPage labels and hashtags', () => {
  it('names each tag button with the words it shows (WCAG 2.5.3)', async () => {
    const { user } = await withPhotoAndTag();
    const tagged = screen.getByLabelText('Tagged items');
    const pinButton = within(tagged).getByRole('button', { name: /Pin on photo/ });
    expect(pinButton.getAttribute('aria-label')).toContain(pinButton.textContent);
    await user.click(pinButton);
    await user.keyboard('{Enter}');
    const move = within(tagged).getByRole('button', { name: /Move pin/ });
    expect(move.getAttribute('aria-label')).toContain(move.textContent);
  });

  it('checks a hashtag as it is typed and keeps a bad one out of the chips', async () => {
    fakeServer({ 'GET /api/products': () => json(makePage([coat])) });
    const user = userEvent.setup();
    renderRoutes(routes, '/post/new');
    const box = await screen.findByRole('combobox', { name: 'Hashtags' });
    await user.type(box, 'bad tag!');
    const rule = 'Hashtags can only use letters, numbers and underscores (at most 30 characters)';
    expect(screen.getByText(rule)).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await user.keyboard('{Enter}');
    expect(screen.getByText('bad')).toBeInTheDocument();
    expect(screen.queryByText('tag!')).not.toBeInTheDocument();
    expect(box).toHaveValue('tag!');
    expect(screen.getByText(rule)).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'tag{Enter}');
    expect(screen.queryByText(rule)).not.toBeInTheDocument();
    expect(screen.getByText('tag')).toBeInTheDocument();
  });
});

describe('NewPostPage tag search', () => {
  it("searches as tagging, so analytics does not count it as a shopper's search (issue 36)", async () => {
    const { server } = await withPhotoAndTag();
    const searches = server.requests.filter((r) => new URL(r.url).pathname === '/api/products');
    expect(searches.length).toBeGreaterThan(0);
    for (const request of searches) {
      expect(new URL(request.url).searchParams.get('purpose')).toBe('tagging');
    }
  });
});

describe('NewPostPage photo', () => {
  it('labels the photo input and refuses a photo over 10 MB as it is picked, beside the button', async () => {
    fakeServer({ 'GET /api/products': () => json(makePage([coat])) });
    const user = userEvent.setup();
    renderRoutes(routes, '/post/new');
    const input = screen.getByLabelText('Photo for the post');
    const big = new File([new Uint8Array([255, 216, 255])], 'beach.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 18 * 1024 * 1024 });
    await user.upload(input, big);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'beach.jpg is larger than 10 MB. Please choose a smaller photo.',
    );
    expect(screen.queryByRole('img', { name: 'Your photo' })).not.toBeInTheDocument();
  });

  it("says the photo limit, not the server's body limit, when it answers 413", async () => {
    const { user } = await withPhotoAndTag();
    fakeServer({
      'POST /api/posts': () => json({ message: 'The request body is too large (at most 13909 KB).' }, 413),
    });
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const alert = await screen.findByText(
      'Photos must be at most 10 MB each. Please choose a smaller photo.',
      {
        selector: '[role=alert]',
      },
    );
    expect(alert).toBeInTheDocument();
    expect(screen.queryByText(/13909 KB/)).not.toBeInTheDocument();
  });
});
