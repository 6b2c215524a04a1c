import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { ProductCard } from '@/entities/product/product-card';
import { fakeServer, json } from '@/test-utils/fake-server';
import { makeProduct } from '@/test-utils/products';
import { render } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';

const product = makeProduct({ id: 9, title: 'Silk scarf' });

function renderCard() {
  return render(
    <MemoryRouter>
      <ProductCard product={product} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  setSession('authenticated', makeUser());
  document.cookie = 'csrftoken=t';
});

describe('favorite toggle', () => {
  it("offers no heart on the shopper's own listing", async () => {
    setSession('authenticated', makeUser({ id: product.sellerId }));
    fakeServer({ 'GET /api/favorites': () => json([]) });
    renderCard();
    expect(await screen.findByText('Silk scarf')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Silk scarf' })).not.toBeInTheDocument();
  });

  it('fills the heart at once and keeps it when the server agrees', async () => {
    let saved = false;
    const server = fakeServer({
      'GET /api/favorites': () =>
        json(saved ? [{ id: 1, productId: 9, createdAt: '2025-01-01T00:00:00Z', product }] : []),
      'POST /api/favorites': () => {
        saved = true;
        return json({ id: 1, productId: 9, createdAt: '2025-01-01T00:00:00Z' }, 201);
      },
    });
    const user = userEvent.setup();
    renderCard();
    // the card also asks for the bag (Add to bag); count the favourites' requests
    const favorites = () => server.requests.filter((r) => new URL(r.url).pathname === '/api/favorites');
    await waitFor(() => expect(favorites()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Save Silk scarf' }));
    const remove = await screen.findByRole('button', { name: 'Remove Silk scarf from favorites' });
    expect(remove).toHaveAttribute('aria-pressed', 'true');
    const post = server.requests.find((request) => request.method === 'POST');
    expect(await post?.json()).toEqual({ productId: 9 });
    await waitFor(() => expect(favorites().filter((r) => r.method === 'GET')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Remove Silk scarf from favorites' })).toBeInTheDocument();
  });

  it('rolls back and says so when the server refuses', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    fakeServer({
      'GET /api/favorites': () => json([]),
      'POST /api/favorites': async () => {
        await gate;
        return json({ message: 'Database unavailable' }, 503);
      },
    });
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Save Silk scarf' }));
    // Optimistic: filled before the server answers.
    expect(
      await screen.findByRole('button', { name: 'Remove Silk scarf from favorites' }),
    ).toBeInTheDocument();
    release();
    expect(await screen.findByText('Failed to update favorites. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Silk scarf' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('unsaves with DELETE /api/favorites/{productId}', async () => {
    const server = fakeServer({
      'GET /api/favorites': () => json([{ id: 1, productId: 9, createdAt: '2025-01-01T00:00:00Z', product }]),
      'DELETE /api/favorites/9': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Remove Silk scarf from favorites' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'DELETE')).toBe(true));
  });
});
