import { Button, Card, Group } from '@mantine/core';
import { IconCheck, IconCreditCard, IconExternalLink, IconX } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { Offer } from '@/entities/offer/offer';
import { buyerNextStep, buyerStatusMessage } from '@/entities/offer/offer-status';
import { OfferSummary } from './offer-summary';
import { useCardFocus } from './use-card-focus';

interface BuyerOfferCardProps {
  offer: Offer;
  busy: boolean;
  onAcceptCounter: (offer: Offer) => void;
  onDeclineCounter: (offer: Offer) => void;
  onWithdraw: (offer: Offer) => void;
}

/** An offer I made: View Item; Accept Counter when countered; Pay Now once accepted,
 * then Ordered — View order once the order exists. */
export function BuyerOfferCard({
  offer,
  busy,
  onAcceptCounter,
  onDeclineCounter,
  onWithdraw,
}: BuyerOfferCardProps) {
  const next = buyerNextStep(offer);
  const card = useCardFocus<HTMLElement>(offer.status);
  return (
    <Card
      ref={card}
      tabIndex={-1}
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={`Offer on ${offer.product.title}`}
    >
      <OfferSummary offer={offer} party="seller" statusMessage={buyerStatusMessage(offer)}>
        <Group gap="xs" mt={4}>
          {next && (
            <Button
              size="xs"
              component={Link}
              to={next.to}
              leftSection={<IconCreditCard size={14} />}
              variant={offer.orderId ? 'light' : 'filled'}
            >
              {next.label}
            </Button>
          )}
          {offer.status === 'countered' && (
            <>
              <Button
                size="xs"
                color="green"
                leftSection={<IconCheck size={14} />}
                onClick={() => onAcceptCounter(offer)}
              >
                {offer.fromSeller ? 'Accept Offer' : 'Accept Counter'}
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconX size={14} />}
                disabled={busy}
                onClick={() => onDeclineCounter(offer)}
              >
                Decline
              </Button>
            </>
          )}
          {offer.status === 'pending' && (
            <Button size="xs" variant="default" disabled={busy} onClick={() => onWithdraw(offer)}>
              Withdraw
            </Button>
          )}
          <Button
            size="xs"
            variant="subtle"
            component={Link}
            to={`/product/${offer.productId}`}
            leftSection={<IconExternalLink size={14} />}
          >
            View Item
          </Button>
        </Group>
      </OfferSummary>
    </Card>
  );
}
