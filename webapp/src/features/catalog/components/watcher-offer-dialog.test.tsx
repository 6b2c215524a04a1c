import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { makeProduct } from '@/test-utils/products';
import { render } from '@/test-utils/render';
import { WatcherOfferDialog } from './watcher-offer-dialog';

beforeEach(() => {
  document.cookie = 'csrftoken=t';
});

describe('WatcherOfferDialog', () => {
  it('starts at 90%, refuses a price outside the range, then sends and closes', async () => {
    const server = fakeServer({
      'POST /api/products/4/watcher-offers': () =>
        json({ sent: 3, price: '60.00', expiresAt: '2026-11-29T10:00:00Z' }, 201),
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <WatcherOfferDialog
        product={makeProduct({ id: 4, price: '80.00', watchCount: 3 })}
        opened
        onClose={onClose}
      />,
    );
    const price = await screen.findByLabelText('Offer price');
    expect(price).toHaveValue('72.00');
    expect(screen.getByText(/3 people are watching/)).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '75');
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('Choose a price from $40.00 to $72.00.')).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
    await user.clear(price);
    await user.type(price, '60');
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('Offer sent to 3 watchers')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(await server.requests[0].json()).toEqual({ price: '60.00' });
  });
});
