import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Bag } from '@/entities/bag/bag';
import { makeBag } from '@/test-utils/bag';
import { fakeServer, json } from '@/test-utils/fake-server';
import { makeProduct } from '@/test-utils/products';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import BagPage from './bag-page';

const routes = [{ path: '/bag', element: <BagPage /> }];

function bagOf(ids: number[]): Bag {
  return makeBag(ids.map((id) => makeProduct({ id, title: `Dress ${id}` })));
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
