import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '@/test-utils/render';
import { OrderTotals } from './order-totals';

const FEES = { serviceFee: '6.85', shipping: '5.00', total: '148.85' };

describe('OrderTotals', () => {
  it('names one item "Item price"', () => {
    render(<OrderTotals totals={{ price: '137.00', ...FEES }} />);
    const totals = screen.getByLabelText('Order total');
    expect(within(totals).getByText('Item price')).toBeInTheDocument();
    expect(within(totals).getByText('$137.00')).toBeInTheDocument();
    expect(screen.queryByText(/discount/i)).not.toBeInTheDocument();
  });

  it('shows several items without a discount as one line, not an "after discount" one', () => {
    render(
      <OrderTotals
        totals={{ price: '137.00', subtotal: '137.00', discount: '0.00', itemCount: 2, ...FEES }}
      />,
    );
    expect(screen.getByText('Items (2)')).toBeInTheDocument();
    expect(screen.getAllByText('$137.00')).toHaveLength(1);
    expect(screen.queryByText(/discount/i)).not.toBeInTheDocument();
  });

  it("shows a bundle's items, its discount and what is left", () => {
    render(
      <OrderTotals
        totals={{
          price: '123.30',
          subtotal: '137.00',
          discount: '13.70',
          discountPercent: 10,
          itemCount: 2,
          ...FEES,
        }}
      />,
    );
    expect(screen.getByText('Items (2)')).toBeInTheDocument();
    expect(screen.getByText('Bundle discount (10%)')).toBeInTheDocument();
    expect(screen.getByTestId('bundle-discount')).toHaveTextContent('-$13.70');
    expect(screen.getByText('Items after discount')).toBeInTheDocument();
    expect(screen.getByText('$123.30')).toBeInTheDocument();
  });
});
