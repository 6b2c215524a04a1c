import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '@/test-utils/products';
import { render } from '@/test-utils/render';
import { OfferDialog } from './offer-dialog';

describe('OfferDialog', () => {
  it('opens with the focus on the amount, prefilled at 90%', async () => {
    render(<OfferDialog product={makeProduct({ price: '80.00' })} opened onClose={() => {}} />);
    const amount = await screen.findByLabelText('Your offer');
    expect(amount).toHaveValue('72.00');
    await waitFor(() => expect(amount).toHaveFocus());
  });

  it("names its close button (the theme names every dialog's ×)", async () => {
    render(<OfferDialog product={makeProduct({ price: '80.00' })} opened onClose={() => {}} />);
    await screen.findByLabelText('Your offer');
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('starts afresh each time it opens', async () => {
    const product = makeProduct({ price: '80.00' });
    const { rerender } = render(<OfferDialog product={product} opened onClose={() => {}} />);
    const amount = await screen.findByLabelText('Your offer');
    const user = userEvent.setup();
    await user.clear(amount);
    await user.type(amount, '50');
    expect(amount).toHaveValue('50');
    rerender(<OfferDialog product={product} opened={false} onClose={() => {}} />);
    await waitFor(() => expect(screen.queryByLabelText('Your offer')).not.toBeInTheDocument());
    rerender(<OfferDialog product={product} opened onClose={() => {}} />);
    expect(await screen.findByLabelText('Your offer')).toHaveValue('72.00');
  });
});
