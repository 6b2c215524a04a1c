import { Alert, Anchor, Button, Text } from '@mantine/core';
import { IconTag } from '@tabler/icons-react';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { type Offer, useProductOffers } from '@/entities/offer/offer';
import { buyerNextStep, buyerStatusMessage, myOfferTitle } from '@/entities/offer/offer-status';
import { useBuyerOfferActions } from '@/entities/offer/use-offer-actions';
import { useCurrentUser } from '@/entities/session/session-store';
import { useFocusWhenShown } from '@/lib/use-focus-when-shown';

/** The signed-in buyer's latest offer on this listing, refreshed after every offer change.
 * Only their own: the list holds every buyer's offers for an administrator (newest first).
 * A buyer has at most one open offer on a listing, and it is their latest. */
export function useMyLatestOffer(productId: number, signedIn: boolean): Offer | undefined {
  const me = useCurrentUser();
  return useProductOffers(productId, signedIn).data?.items.find((offer) => offer.buyerId === me?.id);
}

/** The note under the product's actions: what became of the buyer's latest offer, and its
 *  next step (Withdraw Offer while it waits for the seller). Withdrawn, the note says so and
 *  takes the focus from the button that went. */
export function MyOfferNote({ productId, signedIn }: { productId: number; signedIn: boolean }) {
  const latest = useMyLatestOffer(productId, signedIn);
  const actions = useBuyerOfferActions();
  const focusWhenShown = useFocusWhenShown();
  const note = useRef<HTMLDivElement>(null);
  if (!latest) return null;
  const next = buyerNextStep(latest);
  const withdrawn = () =>
    focusWhenShown(() => (note.current?.dataset.status === 'pending' ? null : note.current));
  return (
    <Alert
      ref={note}
      tabIndex={-1}
      className="mantine-focus-auto"
      data-status={latest.status}
      variant="light"
      color={latest.status === 'accepted' ? 'green' : 'brand'}
      icon={<IconTag size={18} />}
      title={myOfferTitle(latest)}
    >
      <Text size="sm">
        {buyerStatusMessage(latest)}{' '}
        <Anchor component={Link} to={next?.to ?? '/buyer/offers'} size="sm">
          {next?.label ?? 'See my offers'}
        </Anchor>
      </Text>
      {latest.status === 'pending' && (
        <Button
          size="xs"
          variant="default"
          mt="xs"
          loading={actions.pending}
          onClick={() => actions.withdraw(latest, withdrawn)}
        >
          Withdraw Offer
        </Button>
      )}
    </Alert>
  );
}
