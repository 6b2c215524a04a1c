import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from '@/test-utils/render';
import { CounterDialog } from './counter-dialog';
import type { Offer } from './offer';

const OFFER = {
  id: 7,
  offerPrice: '60.00',
  originalPrice: '84.50',
  product: { title: 'Nike Club fleece hoodie', price: '84.50' },
  buyer: { displayName: 'Emma Larsen' },
} as unknown as Offer;

/** The Seller Hub's card: a "More actions" menu whose Counter Offer item opens the dialog.
 *  Drawn by hand like Mantine's menu (its dropdown is labelled by its button) and, as there,
 *  the item is still drawn while the dialog opens (the menu fades out). */
function SellerCard() {
  const [menu, setMenu] = useState(false);
  const [countering, setCountering] = useState<Offer | null>(null);
  return (
    <article tabIndex={-1} aria-label="Offer on Nike Club fleece hoodie">
      <button type="button" id="more-7" onClick={() => setMenu(true)}>
        More actions
      </button>
      {menu && (
        <div role="menu" aria-labelledby="more-7">
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setCountering(OFFER);
              setTimeout(() => setMenu(false), 50);
            }}
          >
            Counter Offer
          </button>
        </div>
      )}
      <CounterDialog offer={countering} onClose={() => setCountering(null)} onCounter={async () => {}} />
    </article>
  );
}

describe('CounterDialog', () => {
  it("gives the keyboard back to the menu's button on Cancel", async () => {
    const user = userEvent.setup();
    render(<SellerCard />);
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    screen.getByRole('menuitem', { name: 'Counter Offer' }).focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    // The item that opened it has gone with its menu: without this the focus stayed on <body>.
    await waitFor(() => expect(screen.getByRole('button', { name: 'More actions' })).toHaveFocus());
  });
});
