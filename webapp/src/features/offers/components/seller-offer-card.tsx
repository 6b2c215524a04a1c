import { ActionIcon, Button, Card, Group, Menu } from '@mantine/core';
import { IconArrowsExchange, IconCheck, IconDots, IconMessageCircle, IconX } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { Offer } from '@/entities/offer/offer';
import { sellerStatusMessage } from '@/entities/offer/offer-status';
import { OfferSummary } from './offer-summary';
import { useCardFocus } from './use-card-focus';

interface SellerOfferCardProps {
  offer: Offer;
  busy: boolean;
  onAccept: (offer: Offer) => void;
  onReject: (offer: Offer) => void;
  onCounter: (offer: Offer) => void;
}

/** An offer on one of my listings: Accept, and a menu with Counter Offer and Reject Offer. */
export function SellerOfferCard({ offer, busy, onAccept, onReject, onCounter }: SellerOfferCardProps) {
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
      <OfferSummary offer={offer} party="buyer" statusMessage={sellerStatusMessage(offer)}>
        <Group gap="xs" mt={4}>
          {offer.status === 'pending' && (
            <>
              <Button
                size="xs"
                color="green"
                leftSection={<IconCheck size={14} />}
                loading={busy}
                onClick={() => onAccept(offer)}
              >
                Accept
              </Button>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="default" size="lg" aria-label="More actions" disabled={busy}>
                    <IconDots size={16} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item leftSection={<IconArrowsExchange size={14} />} onClick={() => onCounter(offer)}>
                    Counter Offer
                  </Menu.Item>
                  <Menu.Item color="red" leftSection={<IconX size={14} />} onClick={() => onReject(offer)}>
                    Reject Offer
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </>
          )}
          {offer.buyer && (
            <Button
              size="xs"
              variant="subtle"
              component={Link}
              to={`/messages/${offer.buyerId}`}
              leftSection={<IconMessageCircle size={14} />}
            >
              Message buyer
            </Button>
          )}
        </Group>
      </OfferSummary>
    </Card>
  );
}
