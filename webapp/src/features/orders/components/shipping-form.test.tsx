import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render } from '@/test-utils/render';
import { EMPTY_ADDRESS } from '../address-validation';
import { ShippingForm } from './shipping-form';

/** An input by its label (required ones carry an asterisk after it). */
const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
const initial = { address: EMPTY_ADDRESS, saveAsUserAddress: false, setAsDefault: false };

describe('ShippingForm: US addresses (issue 36)', () => {
  it('offers the states from a list, keeps the country fixed and says what is wrong', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<ShippingForm initial={initial} onSubmit={onSubmit} />);
    await user.type(field('Full name'), 'Maya Chen');
    await user.type(field('Address line 1'), '12 Market Street');
    await user.type(field('City'), 'Boston');
    await user.type(screen.getByRole('combobox', { name: /^State/ }), 'massa');
    await user.click(await screen.findByRole('option', { name: 'Massachusetts' }));
    expect(screen.getByRole('combobox', { name: /^State/ })).toHaveValue('Massachusetts');
    expect(field('Country')).toHaveAttribute('readonly');
    expect(screen.getByText('Rethread ships within the United States only')).toBeInTheDocument();
    await user.type(field('ZIP code'), '0211A');
    await user.type(field('Phone number'), '617-555-01OO');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(
      await screen.findByText('ZIP code must be 5 digits, or ZIP+4 such as 12345-6789'),
    ).toBeInTheDocument();
    expect(screen.getByText('Phone number must have 10 digits, such as (555) 123-4567')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(field('ZIP code'));
    await user.type(field('ZIP code'), '02110-1234');
    await user.clear(field('Phone number'));
    await user.type(field('Phone number'), '(617) 555-0100');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.calls[0][0].address).toMatchObject({
      state: 'Massachusetts',
      zipCode: '02110-1234',
      country: 'United States',
    });
  });
});
