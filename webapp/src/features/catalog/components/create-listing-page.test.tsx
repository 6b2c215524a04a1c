import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { makeProduct } from '@/test-utils/products';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import CreateListingPage from './create-listing-page';

const routes = [
  { path: '/create-listing', element: <CreateListingPage /> },
  { path: '/product/:id', element: <p>Product page</p> },
];
const png = (name = 'jacket.png') =>
  new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const photoInput = () => screen.getByLabelText('Upload photos') as HTMLInputElement;
/** Filling the whole form takes a few seconds in jsdom. */
const SLOW = 15_000;
const facets = () => json({ brands: [], categories: [], sizes: [], conditions: [] });

async function fill(user: ReturnType<typeof userEvent.setup>, label: RegExp, text: string) {
  await user.click(screen.getByLabelText(label, { selector: 'input, textarea' }));
  await user.paste(text);
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByLabelText(new RegExp(label), { selector: 'input' }));
  await user.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => {
  setSession('authenticated', makeUser({ id: 3 }));
  document.cookie = 'csrftoken=t';
});

describe('CreateListingPage', () => {
  it('says every field of an empty form is required', async () => {
    fakeServer({ 'GET /api/products/facets': facets });
    const user = userEvent.setup();
    renderRoutes(routes, '/create-listing');
    await user.click(screen.getByRole('button', { name: 'Create Listing' }));
    for (const message of [
      'Title is required',
      'Description is required',
      'Price is required',
      'Brand is required',
      'Size is required',
      'Condition is required',
      'Category is required',
      'At least one image is required',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
  });

  it('puts the focus on Add photos with its error attached when sent without photos', async () => {
    fakeServer({ 'GET /api/products/facets': facets });
    const user = userEvent.setup();
    renderRoutes(routes, '/create-listing');
    const add = screen.getByRole('button', { name: /Add photos/ });
    expect(add).not.toHaveAttribute('data-invalid');
    await user.click(screen.getByRole('button', { name: 'Create Listing' }));
    await waitFor(() => expect(add).toHaveFocus());
    expect(add).toHaveAttribute('data-invalid', 'true');
    expect(add).toHaveAccessibleDescription(/^At least one image is required/);
    expect(add).toHaveAccessibleDescription(/Add up to 5 photos/);
  });

  it('shows the earnings and shipping boxes as notes, announcing only the settled earnings', async () => {
    fakeServer({ 'GET /api/products/facets': facets });
    const user = userEvent.setup();
    renderRoutes(routes, '/create-listing');
    // Nothing on the page is an alert on load: these boxes are information.
    expect(screen.queryAllByRole('alert')).toEqual([]);
    expect(screen.getByRole('note', { name: 'Your earnings' })).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Shipping' })).toBeInTheDocument();
    const status = () => within(screen.getByRole('note', { name: 'Your earnings' })).getByRole('status');
    expect(status()).toHaveTextContent(/^$/);
    await fill(user, /Price/, '12.5');
    expect(screen.queryAllByRole('alert')).toEqual([]);
    await waitFor(() => expect(status()).toHaveTextContent("You'll receive $11.54 after fees."));
  });

  it("says why a reserved or sold listing can't be edited instead of showing the form", async () => {
    const reason =
      'This item has sold, so it can no longer be edited or deleted: its order keeps it as the buyer bought it.';
    fakeServer({
      'GET /api/products/facets': facets,
      'GET /api/products/5': () =>
        json(
          makeProduct({ id: 5, status: 'sold', ownerActions: { canEdit: false, canDelete: false, reason } }),
        ),
    });
    renderRoutes(
      [...routes, { path: '/product/:id/edit', element: <CreateListingPage /> }],
      '/product/5/edit',
    );
    expect(await screen.findByRole('heading', { name: "This listing can't be edited" })).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View listing' })).toHaveAttribute('href', '/product/5');
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });

  it('refuses files that are not images and lets photos be reordered and removed', async () => {
    fakeServer({ 'GET /api/products/facets': facets });
    const user = userEvent.setup({ applyAccept: false });
    renderRoutes(routes, '/create-listing');
    await user.upload(photoInput(), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Only image files can be uploaded')).toBeInTheDocument();
    await user.upload(photoInput(), [png('a.png'), png('b.png')]);
    expect(await screen.findByRole('img', { name: 'Photo 2' })).toBeInTheDocument();
    const first = screen.getByRole('img', { name: 'Photo 1' }).getAttribute('src');
    await user.click(screen.getByRole('button', { name: 'Move photo 1 right' }));
    expect(screen.getByRole('img', { name: 'Photo 2' })).toHaveAttribute('src', first);
    expect(screen.getByRole('button', { name: 'Move photo 1 left' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(screen.queryByRole('img', { name: 'Photo 2' })).not.toBeInTheDocument();
  });

  it('refuses, as it is picked, a photo over 10 MB or one that is not really a picture', async () => {
    fakeServer({ 'GET /api/products/facets': facets });
    const user = userEvent.setup();
    renderRoutes(routes, '/create-listing');
    const big = new File([new Uint8Array([255, 216, 255])], 'beach.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 18 * 1024 * 1024 });
    await user.upload(photoInput(), [png('a.png'), big]);
    const photos = screen.getByRole('region', { name: 'Photos' });
    expect(
      await within(photos).findByText('beach.jpg is larger than 10 MB. Please choose a smaller photo.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo 1' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Photo 2' })).not.toBeInTheDocument();

    vi.stubGlobal(
      'createImageBitmap',
      vi.fn().mockRejectedValue(new DOMException('bad', 'InvalidStateError')),
    );
    await user.upload(photoInput(), new File(['not a picture'], 'fake.jpg', { type: 'image/jpeg' }));
    expect(
      await within(photos).findByText(
        'fake.jpg is not a JPEG, PNG, WebP or GIF image. Please choose another photo.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Photo 2' })).not.toBeInTheDocument();
  });

  it(
    'says a 413 under the photos and marks the photo the server names',
    async () => {
      const refused = 'Photo 2 is larger than 10 MB. Please choose a smaller image.';
      fakeServer({
        'GET /api/products/facets': facets,
        'POST /api/products': () => json({ message: refused }, 413),
      });
      const user = userEvent.setup();
      renderRoutes(routes, '/create-listing');
      await user.upload(photoInput(), [png('a.png'), png('b.png')]);
      await fill(user, /Title/, 'Denim jacket');
      await fill(user, /Description/, 'Classic trucker jacket, barely worn.');
      await fill(user, /Price/, '45');
      await fill(user, /Brand/, 'Acme');
      await choose(user, 'Category', 'Tops');
      await choose(user, 'Size', 'S');
      await choose(user, 'Condition', 'Good');
      await user.click(screen.getByRole('button', { name: 'Create Listing' }));
      const photos = screen.getByRole('region', { name: 'Photos' });
      expect(await within(photos).findByText(refused)).toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'Photo 2' }).closest('[data-refused]')).not.toBeNull();
      expect(screen.getByRole('img', { name: 'Photo 1' }).closest('[data-refused]')).toBeNull();
    },
    SLOW,
  );

  it('previews the seller net with the shared formula', async () => {
    fakeServer({ 'GET /api/products/facets': facets });
    const user = userEvent.setup();
    renderRoutes(routes, '/create-listing');
    await fill(user, /Price/, '12.5');
    expect(screen.getByText('$11.54')).toBeInTheDocument();
  });

  it(
    'creates the listing with data-URL photos and opens it',
    async () => {
      const server = fakeServer({
        'GET /api/products/facets': facets,
        'POST /api/products': () => json(makeProduct({ id: 42, title: 'Denim jacket' }), 201),
      });
      const user = userEvent.setup();
      const { router } = renderRoutes(routes, '/create-listing');
      await user.upload(photoInput(), png());
      await fill(user, /Title/, 'Denim jacket');
      await fill(user, /Description/, 'Classic trucker jacket, barely worn.');
      await fill(user, /Price/, '$45');
      await fill(user, /Brand/, "Levi's");
      await choose(user, 'Category', 'Outerwear');
      await choose(user, 'Size', 'M');
      await choose(user, 'Condition', 'Like new');
      await user.click(screen.getByRole('button', { name: 'Create Listing' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/product/42'));
      const sent = await server.requests.find((request) => request.method === 'POST')!.json();
      expect(sent).toMatchObject({
        title: 'Denim jacket',
        price: '45',
        brand: "Levi's",
        category: 'outerwear',
        size: 'm',
        condition: 'like_new',
      });
      expect(sent.images).toHaveLength(1);
      expect(sent.images[0]).toMatch(/^data:image\/png;base64,/);
      expect(await screen.findByText('Listing created')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows the server field errors under the inputs',
    async () => {
      fakeServer({
        'GET /api/products/facets': facets,
        'POST /api/products': () =>
          json(
            { message: 'Please fix the listing.', errors: { brand: 'Brand must be at most 50 characters' } },
            400,
          ),
      });
      const user = userEvent.setup();
      renderRoutes(routes, '/create-listing');
      await user.upload(photoInput(), png());
      await fill(user, /Title/, 'Denim jacket');
      await fill(user, /Description/, 'Classic trucker jacket, barely worn.');
      await fill(user, /Price/, '45');
      await fill(user, /Brand/, 'Acme');
      await choose(user, 'Category', 'Tops');
      await choose(user, 'Size', 'S');
      await choose(user, 'Condition', 'Good');
      await user.click(screen.getByRole('button', { name: 'Create Listing' }));
      expect(await screen.findByText('Brand must be at most 50 characters')).toBeInTheDocument();
      expect(screen.getByText('Please fix the listing.')).toBeInTheDocument();
    },
    SLOW,
  );
});
