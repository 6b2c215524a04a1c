import { ActionIcon, Button, Menu } from '@mantine/core';
import { IconArrowsExchange, IconDots, IconMessageCircle, IconX } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useItemLabel } from '@/components/item-label';
import type { Offer } from '@/entities/offer/offer';
import { AcceptOfferButton } from '@/entities/offer/offer-buttons';
import { sellerStatusMessage } from '@/entities/offer/offer-status';
import { OfferCard } from './offer-card';

interface SellerOfferCardProps {
  offer: Offer;
  busy: boolean;
  onAccept: (offer: Offer) => void;
  onReject: (offer: Offer) => void;
  onCounter: (offer: Offer) => void;
}

/** An offer on one of my listings: Accept, and a menu with Counter Offer and Reject Offer. */
export function SellerOfferCard(props: SellerOfferCardProps) {
  return (
    <OfferCard offer={props.offer} party="buyer" statusMessage={sellerStatusMessage(props.offer)}>
      <SellerOfferButtons {...props} />
    </OfferCard>
  );
}

/** Inside the card, whose offer names them (components/item-label). */
function SellerOfferButtons({ offer, busy, onAccept, onReject, onCounter }: SellerOfferCardProps) {
  const itemLabel = useItemLabel();
  return (
    <>
      {offer.status === 'pending' && (
        <>
          <AcceptOfferButton loading={busy} onClick={() => onAccept(offer)}>
            Accept
          </AcceptOfferButton>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={itemLabel('More actions') ?? 'More actions'}
                disabled={busy}
              >
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
          aria-label={itemLabel('Message buyer')}
        >
          Message buyer
        </Button>
      )}
    </>
  );
}
