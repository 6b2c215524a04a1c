import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/formatters';
import { render } from '@/test-utils/render';
import { OrderTimeline } from './order-timeline';

describe('OrderTimeline', () => {
  it("shows each line's moment as every screen does (formatDateTime), with the year when it is not this one", () => {
    const lastYear = new Date(new Date().getFullYear() - 1, 11, 30, 21, 45);
    const thisYear = new Date(new Date().getFullYear(), 0, 2, 9, 5);
    render(
      <OrderTimeline
        events={[
          { kind: 'placed', status: null, label: 'Order placed', actorId: 7, at: lastYear.toISOString() },
          {
            kind: 'status',
            status: 'cancelled',
            label: 'Cancelled',
            actorId: null,
            at: thisYear.toISOString(),
          },
        ]}
      />,
    );
    const timeline = screen.getByLabelText('Order timeline');
    expect(timeline).toHaveTextContent(`Order placed · ${formatDateTime(lastYear)}`);
    expect(timeline).toHaveTextContent(String(lastYear.getFullYear()));
    expect(timeline).toHaveTextContent(`Cancelled · ${formatDateTime(thisYear)} · automatically`);
  });
});
