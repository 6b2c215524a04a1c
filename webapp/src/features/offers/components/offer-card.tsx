import { Card, Group } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { useCardFocus } from '@/lib/use-card-focus';
import { OfferSummary } from './offer-summary';

type OfferCardProps = Pick<ComponentProps<typeof OfferSummary>, 'offer' | 'party' | 'statusMessage'> & {
  /** The viewer's buttons, under the summary. */
  children: ReactNode;
};

/** One offer on My Offers or the Seller Hub, named by its item: the summary and the viewer's
 *  buttons. The card keeps the focus when an answer removes the button that had it. */
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
        <Group gap="xs" mt={4}>
          {children}
        </Group>
      </OfferSummary>
    </Card>
  );
}
