import { Alert, Anchor } from '@mantine/core';
import { IconTag } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { type Offer, useProductOffers } from '@/entities/offer/offer';
import { buyerNextStep, buyerStatusMessage, myOfferTitle } from '@/entities/offer/offer-status';
import { useCurrentUser } from '@/entities/session/session-store';

/** The signed-in buyer's latest offer on this listing, refreshed after every offer change.
 * Only their own: the list holds every buyer's offers for an administrator (newest first). */
export function useMyLatestOffer(productId: number, signedIn: boolean): Offer | undefined {
  const me = useCurrentUser();
  return useProductOffers(productId, signedIn).data?.items.find((offer) => offer.buyerId === me?.id);
}

/** The note under the product's actions: what became of the buyer's latest offer, and its next step. */
export function MyOfferNote({ productId, signedIn }: { productId: number; signedIn: boolean }) {
  const latest = useMyLatestOffer(productId, signedIn);
  if (!latest) return null;
  const next = buyerNextStep(latest);
  return (
    <Alert
      variant="light"
      color={latest.status === 'accepted' ? 'green' : 'brand'}
      icon={<IconTag size={18} />}
      title={myOfferTitle(latest)}
    >
      {buyerStatusMessage(latest)}{' '}
      <Anchor component={Link} to={next?.to ?? '/buyer/offers'} size="sm">
        {next?.label ?? 'See my offers'}
      </Anchor>
    </Alert>
  );
}
