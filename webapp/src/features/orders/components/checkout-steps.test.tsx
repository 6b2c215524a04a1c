import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { makeSavedAddress, ORDER_QUOTE } from '@/test-utils/orders';
import { makeProduct } from '@/test-utils/products';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import CheckoutPage from './checkout-page';

const routes = [{ path: '/checkout/:id', element: <CheckoutPage /> }];

beforeEach(() => {
  setSession('authenticated', makeUser());
  document.cookie = 'csrftoken=t';
  fakeServer({
    'GET /api/products/1': () => json(makeProduct()),
    'GET /api/user-addresses': () => json([makeSavedAddress()]),
    'GET /api/orders/quote': () => json(ORDER_QUOTE),
  });
});

describe('Checkout steps', () => {
  it('moves the focus to each step heading, which names the step', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/checkout/1');
    expect(await screen.findByRole('heading', { name: 'Step 1 of 3: Shipping' })).not.toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Step 2 of 3: Payment' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Review Order' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Step 3 of 3: Review' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Step 2 of 3: Payment' })).toHaveFocus());
  });

  it('folds the summary on a phone to a line with the total, and unfolds it', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/checkout/1');
    const toggle = await screen.findByRole('button', { name: /Show order summary/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(toggle).toHaveTextContent('$52.25'));
    await user.click(toggle);
    expect(screen.getByRole('button', { name: /Hide order summary/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await waitFor(() => expect(screen.getByTestId('order-total')).toBeVisible());
  });
});
