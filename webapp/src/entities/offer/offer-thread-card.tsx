import { Anchor, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney } from '@/lib/formatters';
import { AcceptCounterDialog } from './accept-counter-dialog';
import { CounterDialog } from './counter-dialog';
import { useOffer, type Offer } from './offer';
import { AcceptOfferButton, BuyerNextStepButton, DeclineOfferButton } from './offer-buttons';
import { buyerStatusMessage, sellerStatusMessage } from './offer-status';
import { OfferStatusBadge } from './offer-status-badge';
import { OfferThumb } from './offer-thumb';
import { useBuyerOfferActions, useSellerOfferActions } from './use-offer-actions';

interface OfferThreadCardProps {
  offerId: number;
  /** The signed-in user: the seller gets Accept / Reject / Counter, the buyer the counter's answers. */
  viewerId: number;
  /** The thread message's own text ('Offer: $80.00 for ...', 'Countered your offer ...'). */
  content: string;
  /** When the message was sent: only the message of the offer's latest change gets buttons. */
  sentAt?: string;
}

/** Several messages name one offer; the answer buttons belong to the newest of them. */
function isLatest(offer: Offer, sentAt: string | undefined): boolean {
  if (!sentAt || !offer.updatedAt) return true;
  return Date.parse(sentAt) >= Date.parse(offer.updatedAt);
}

function SellerButtons({ offer }: { offer: Offer }) {
  const seller = useSellerOfferActions();
  const [countering, setCountering] = useState<Offer | null>(null);
  return (
    <Group gap="xs">
      <AcceptOfferButton loading={seller.pending} onClick={() => seller.accept(offer)}>
        Accept
      </AcceptOfferButton>
      <DeclineOfferButton disabled={seller.pending} onClick={() => seller.reject(offer)}>
        Reject
      </DeclineOfferButton>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconArrowsExchange size={14} />}
        disabled={seller.pending}
        onClick={() => setCountering(offer)}
      >
        Counter
      </Button>
      <CounterDialog offer={countering} onClose={() => setCountering(null)} onCounter={seller.counter} />
    </Group>
  );
}

function BuyerButtons({ offer }: { offer: Offer }) {
  const buyer = useBuyerOfferActions();
  const [confirming, setConfirming] = useState<Offer | null>(null);
  return (
    <Group gap="xs">
      <AcceptOfferButton onClick={() => setConfirming(offer)}>Accept Counter</AcceptOfferButton>
      <DeclineOfferButton disabled={buyer.pending} onClick={() => buyer.declineCounter(offer)}>
        Reject
      </DeclineOfferButton>
      <AcceptCounterDialog
        offer={confirming}
        loading={buyer.pending}
        onClose={() => setConfirming(null)}
        onConfirm={(chosen) => buyer.acceptCounter(chosen, () => setConfirming(null))}
      />
    </Group>
  );
}

/**
 * An offer message in the buyer–seller thread: the message (what happened then), the offer's
 * current state (its live amounts and status from GET /api/offers/{id}, never a status read
 * from the message's text beside today's amounts), and the receiver's buttons (the seller
 * answers a pending offer, the buyer a counter; Pay Now once accepted). The messages feature
 * renders it for every message that names an offer.
 */
export function OfferThreadCard({ offerId, viewerId, content, sentAt }: OfferThreadCardProps) {
  const { data: offer, isPending, isError } = useOffer(offerId);
  const isSeller = offer?.sellerId === viewerId;
  const actions = offer !== undefined && isLatest(offer, sentAt);
  // An earlier message keeps its own text as the record of then; the amounts and the badge
  // below are the offer now (marked so), and only the latest message gets the status line.
  const earlier = offer !== undefined && !actions;
  return (
    <Paper withBorder radius="md" p="sm" maw={360} w="100%" component="article" aria-label="Offer">
      <Stack gap="xs">
        <Text size="sm">{content}</Text>
        {isPending && <Skeleton height={64} radius="md" />}
        {isError && (
          <Text size="xs" c="dimmed">
            This offer is no longer available.
          </Text>
        )}
        {offer && (
          <>
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <OfferThumb product={offer.product} size={48} />
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Anchor size="sm" fw={600} component={Link} to={`/product/${offer.productId}`} truncate>
                  {offer.product.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  Offer {formatMoney(offer.offerPrice)}
                  {offer.counterPrice && ` · Counter ${formatMoney(offer.counterPrice)}`} · Listed{' '}
                  {formatMoney(offer.originalPrice)}
                </Text>
              </Stack>
            </Group>
            <Group gap="xs" justify="space-between">
              <Group gap={6} wrap="nowrap">
                {earlier && (
                  <Text size="xs" c="dimmed">
                    Status now:
                  </Text>
                )}
                <OfferStatusBadge status={offer.status} />
              </Group>
              {!earlier && (
                <Text size="xs" c="dimmed">
                  {isSeller ? sellerStatusMessage(offer) : buyerStatusMessage(offer)}
                </Text>
              )}
            </Group>
            {actions && isSeller && offer.status === 'pending' && <SellerButtons offer={offer} />}
            {actions && !isSeller && offer.status === 'countered' && <BuyerButtons offer={offer} />}
            {actions && !isSeller && <BuyerNextStepButton offer={offer} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}
