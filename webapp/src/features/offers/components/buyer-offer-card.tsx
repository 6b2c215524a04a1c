import { Button } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useItemLabel } from '@/components/item-label';
import type { Offer } from '@/entities/offer/offer';
import { AcceptOfferButton, BuyerNextStepButton, DeclineOfferButton } from '@/entities/offer/offer-buttons';
import { buyerStatusMessage } from '@/entities/offer/offer-status';
import { OfferCard } from './offer-card';

interface BuyerOfferCardProps {
  offer: Offer;
  busy: boolean;
  onAcceptCounter: (offer: Offer) => void;
  onDeclineCounter: (offer: Offer) => void;
  onWithdraw: (offer: Offer) => void;
}

/** An offer I made: View Item; Accept Counter when countered; Pay Now once accepted,
 * then Ordered — View order once the order exists. */
export function BuyerOfferCard(props: BuyerOfferCardProps) {
  return (
    <OfferCard offer={props.offer} party="seller" statusMessage={buyerStatusMessage(props.offer)}>
      <BuyerOfferButtons {...props} />
    </OfferCard>
  );
}

/** Inside the card, whose offer names them (components/item-label). */
function BuyerOfferButtons({
  offer,
  busy,
  onAcceptCounter,
  onDeclineCounter,
  onWithdraw,
}: BuyerOfferCardProps) {
  const itemLabel = useItemLabel();
  return (
    <>
      <BuyerNextStepButton offer={offer} />
      {offer.status === 'countered' && (
        <>
          <AcceptOfferButton onClick={() => onAcceptCounter(offer)}>
            {offer.fromSeller ? 'Accept Offer' : 'Accept Counter'}
          </AcceptOfferButton>
          <DeclineOfferButton disabled={busy} onClick={() => onDeclineCounter(offer)}>
            Decline
          </DeclineOfferButton>
        </>
      )}
      {offer.status === 'pending' && (
        <Button
          size="xs"
          variant="default"
          disabled={busy}
          onClick={() => onWithdraw(offer)}
          aria-label={itemLabel('Withdraw')}
        >
          Withdraw
        </Button>
      )}
      <Button
        size="xs"
        variant="subtle"
        component={Link}
        to={`/product/${offer.productId}`}
        leftSection={<IconExternalLink size={14} />}
        aria-label={itemLabel('View Item')}
      >
        View Item
      </Button>
    </>
  );
}
