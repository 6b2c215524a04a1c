import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { render } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import { BundleDiscountsForm } from './bundle-discounts-form';

beforeEach(() => {
  document.cookie = 'csrftoken=t';
  setSession('authenticated', makeUser());
});

describe('BundleDiscountsForm', () => {
  it('names each discount’s fields apart, for a screen reader going field by field', async () => {
    fakeServer({
      'GET /api/users/7/bundle-discounts': () =>
        json({
          tiers: [
            { minItems: 2, percent: 5, label: 'Buy 2, save 5%' },
            { minItems: 4, percent: 20, label: 'Buy 4, save 20%' },
          ],
        }),
    });
    render(<BundleDiscountsForm userId={7} />);
    expect(await screen.findByRole('textbox', { name: 'Discount 2: items' })).toHaveValue('4');
    expect(screen.getByRole('textbox', { name: 'Discount 1: save (%)' })).toHaveValue('5');
    expect(screen.getByRole('textbox', { name: 'Discount 2: save (%)' })).toHaveValue('20');
  });

  it('puts the focus in a new discount, and after removing one on the next remove button, then on Add', async () => {
    fakeServer({
      'GET /api/users/7/bundle-discounts': () =>
        json({ tiers: [{ minItems: 2, percent: 5, label: 'Buy 2, save 5%' }] }),
    });
    const user = userEvent.setup();
    render(<BundleDiscountsForm userId={7} />);
    await screen.findByRole('textbox', { name: 'Discount 1: items' });
    await user.click(screen.getByRole('button', { name: 'Add a discount' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Discount 2: items' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Remove discount 1' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove discount 1' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Remove discount 1' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a discount' })).toHaveFocus());
  });
});
