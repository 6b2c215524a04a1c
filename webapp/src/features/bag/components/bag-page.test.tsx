import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Bag, BagGroup } from '@/entities/bag/bag';
import { fakeServer, json } from '@/test-utils/fake-server';
import { makeProduct, makeSeller } from '@/test-utils/products';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import BagPage from './bag-page';

const routes = [{ path: '/bag', element: <BagPage /> }];

function bagOf(ids: number[]): Bag {
  const items = ids.map((id) => ({ product: makeProduct({ id, title: `Dress ${id}` }), available: true }));
  const group: BagGroup = {
    seller: makeSeller(),
    sellerId: 3,
    items,
    tiers: [],
    itemCount: items.length,
    subtotal: '90.00',
    discount: '0.00',
    discountPercent: 0,
    price: '90.00',
    serviceFee: '4.50',
    shipping: '5.00',
    total: '99.50',
    nextTier: null,
  };
  return { count: items.length, groups: items.length ? [group] : [] };
}

beforeEach(() => {
  document.cookie = 'csrftoken=t';
  setSession('authenticated', makeUser({ id: 5, username: 'jamal' }));
});

describe('BagPage', () => {
  it('moves the focus to the next remove button when an item is removed, then to the empty heading', async () => {
    let ids = [1, 2];
    const remove = (id: number) => () => {
      ids = ids.filter((other) => other !== id);
      return json(bagOf(ids));
    };
    fakeServer({
      'GET /api/bag': () => json(bagOf(ids)),
      'DELETE /api/bag/items/1': remove(1),
      'DELETE /api/bag/items/2': remove(2),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/bag');
    await user.click(await screen.findByRole('button', { name: 'Remove Dress 1 from bag' }));
    await waitFor(() => expect(screen.queryByText('Dress 1')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Dress 2 from bag' })),
    );
    await user.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { name: 'Your bag is empty', level: 1 });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});
