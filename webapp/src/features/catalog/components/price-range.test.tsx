import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render } from '@/test-utils/render';
import { PriceRange } from './price-range';

function setup(minPrice = '', maxPrice = '') {
  const onChange = vi.fn();
  render(<PriceRange minPrice={minPrice} maxPrice={maxPrice} onChange={onChange} />);
  return { onChange, user: userEvent.setup() };
}

describe('PriceRange', () => {
  it('applies a range on Enter', async () => {
    const { onChange, user } = setup();
    await user.type(screen.getByLabelText('Minimum price'), '20');
    await user.type(screen.getByLabelText('Maximum price'), '50{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ minPrice: '20', maxPrice: '50' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a minimum above the maximum is wrong and keeps the filter', async () => {
    const { onChange, user } = setup('', '50');
    await user.type(screen.getByLabelText('Minimum price'), '200{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('The minimum price is more than the maximum.');
    expect(screen.getByLabelText('Minimum price')).toHaveAttribute('aria-invalid', 'true');
    expect(onChange).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Minimum price'));
    await user.type(screen.getByLabelText('Minimum price'), '20{Enter}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith({ minPrice: '20', maxPrice: '50' });
  });

  it('says a negative price is wrong instead of dropping the minus sign', async () => {
    const { onChange, user } = setup();
    await user.type(screen.getByLabelText('Minimum price'), '-5{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Prices cannot be negative.');
    expect(onChange).not.toHaveBeenCalled();
  });
});
