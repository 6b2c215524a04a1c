import { Card, Group } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { ItemLabelProvider } from '@/components/item-label';
import type { Offer } from '@/entities/offer/offer';
import { formatMoney } from '@/lib/formatters';
import { useCardFocus } from '@/lib/use-card-focus';
import { OfferSummary } from './offer-summary';

type OfferCardProps = Pick<ComponentProps<typeof OfferSummary>, 'offer' | 'party' | 'statusMessage'> & {
  /** The viewer's buttons, under the summary. */
  children: ReactNode;
};

/** What the card's buttons act on, in their accessible names ("Accept, $80.00 offer on Wool
 *  coat from Sofia Rossi"): the seller may hold several buyers' offers on one item. */
function offerItem(offer: Offer, party: OfferCardProps['party']): string {
  const item = `${formatMoney(offer.offerPrice)} offer on ${offer.product.title}`;
  return party === 'buyer' && offer.buyer ? `${item} from ${offer.buyer.displayName}` : item;
}

/** One offer on My Offers or the Seller Hub, named by its item: the summary and the viewer's
 *  buttons, each named after the offer too. The card keeps the focus when an answer removes
 *  the button that had it. */
export function OfferCard({ offer, party, statusMessage, children }: OfferCardProps) {
  const card = useCardFocus<HTMLElement>(offer.status);
  return (
    <Card
      ref={card}
      tabIndex={-1}
      className="mantine-focus-auto"
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={`Offer on ${offer.product.title}`}
    >
      <OfferSummary offer={offer} party={party} statusMessage={statusMessage}>
        <ItemLabelProvider item={offerItem(offer, party)}>
          <Group gap="xs" mt={4}>
            {children}
          </Group>
        </ItemLabelProvider>
      </OfferSummary>
    </Card>
  );
}
