import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { makeProduct } from '@/test-utils/products';
import { render } from '@/test-utils/render';
import { OfferDialog, offerAmountError } from './offer-dialog';

afterEach(() => vi.unstubAllGlobals());

describe('OfferDialog', () => {
  it('hands the focus to "Offer sent!" once sent (Send Offer, which had it, is gone)', async () => {
    document.cookie = 'csrftoken=t';
    fakeServer({ 'POST /api/offers': () => json({ id: 3, productId: 1, status: 'pending' }, 201) });
    render(<OfferDialog product={makeProduct({ id: 1, price: '80.00' })} opened onClose={() => {}} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send Offer' }));
    const sent = await screen.findByRole('status');
    expect(sent).toHaveTextContent('Offer sent!');
    await waitFor(() => expect(sent).toHaveFocus());
  });

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

describe('offerAmountError', () => {
  it("gives $0.00 the server's one message for every offer under the minimum (offer_too_low)", () => {
    expect(offerAmountError('0', '80.00')).toBe('Offers must be at least $40.00');
    expect(offerAmountError('0.00', '80.00')).toBe('Offers must be at least $40.00');
    expect(offerAmountError('39.99', '80.00')).toBe('Offers must be at least $40.00');
  });

  it('rounds the minimum up to the cent and groups thousands, as format_usd does', () => {
    expect(offerAmountError('0', '80.01')).toBe('Offers must be at least $40.01');
    expect(offerAmountError('0', '2500.00')).toBe('Offers must be at least $1,250.00');
  });

  it('words unreadable input as the server does (problem_message NOT_A_NUMBER)', () => {
    expect(offerAmountError('.', '80.00')).toBe('Offer amount must be a number, like 12.50');
    expect(offerAmountError('abc', '80.00')).toBe('Offer amount must be a number, like 12.50');
  });

  it('refuses more than two decimals as the server does, instead of rounding them away', () => {
    expect(offerAmountError('40.005', '80.00')).toBe('Offer amount can have at most 2 decimal places');
    expect(offerAmountError('40.10', '80.00')).toBeNull();
  });

  it('keeps the other messages and takes an offer in range', () => {
    expect(offerAmountError('  ', '80.00')).toBe('Offer amount is required');
    expect(offerAmountError('80.01', '80.00')).toBe('Offer cannot be more than the listing price');
    expect(offerAmountError('40.00', '80.00')).toBeNull();
    expect(offerAmountError('80', '80.00')).toBeNull();
  });
});
