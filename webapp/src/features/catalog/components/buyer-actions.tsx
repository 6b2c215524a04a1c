import { Alert, Button, SimpleGrid, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBeach,
  IconEye,
  IconEyeCheck,
  IconMessageCircle,
  IconShoppingBag,
  IconTag,
} from '@tabler/icons-react';
import { useCallback, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useFavoriteCheck, useFavoriteToggle } from '@/entities/favorites/favorites';
import { promptLogin } from '@/entities/session/login-prompt';
import { UNAVAILABLE_LABEL, type Product, type ProductStatus } from '@/entities/product/product';
import { useSessionStore } from '@/entities/session/session-store';
import { useVacation } from '@/entities/user/vacation';
import { AddToBagButton } from '@/entities/bag/add-to-bag-button';
import { isOpenOffer, openOfferLabel, payableOffer, payNowLink } from '@/entities/offer/offer-status';
import { formatMoney } from '@/lib/formatters';
import { useFocusWhenShown } from '@/lib/use-focus-when-shown';
import { MyOfferNote, useMyLatestOffer } from './my-offer-note';
import { OfferDialog } from './offer-dialog';
import classes from './buyer-actions.module.css';
import { ShareListingButton } from './share-listing';

const BUY_LABEL: Record<ProductStatus, string> = { available: 'Buy It Now', ...UNAVAILABLE_LABEL };

/** Buy It Now, Make an Offer, Watch/Watching, Message Seller, Share Listing. */
export function BuyerActions({ product }: { product: Product }) {
  const signedIn = useSessionStore((state) => state.status === 'authenticated');
  const navigate = useNavigate();
  const [offerOpen, offerDialog] = useDisclosure(false);
  const watching = useFavoriteCheck(product.id).data?.isFavorited ?? false;
  const watch = useFavoriteToggle({
    failure: 'Failed to update watch list. Please try again.',
    announce: true,
  });
  const vacation = useVacation(product.sellerId).data;
  const away = vacation?.on ?? false;
  const available = product.status === 'available' && !away;
  // An accepted offer holds the listing for this buyer (it shows as reserved): the first
  // button pays its agreed price, rather than a greyed "Reserved" or a dearer Buy It Now,
  // and no Make an Offer stands beside it.
  const mine = useMyLatestOffer(product.id, signedIn);
  const toPay = mine && payableOffer(mine) ? mine : undefined;
  // While their offer waits for an answer the server refuses them another (409): its link
  // takes Make an Offer's place, and the focus once the dialog that sent it closes.
  const open = mine && isOpenOffer(mine) ? openOfferLabel(mine) : undefined;
  const openLink = useRef<HTMLAnchorElement>(null);
  const focusWhenShown = useFocusWhenShown();
  // Stable: the dialog's closing timer restarts when it changes.
  const offerSent = useCallback(() => focusWhenShown(() => openLink.current), [focusWhenShown]);

  const makeOffer = () => (signedIn ? offerDialog.open() : promptLogin('make an offer'));
  const toggleWatch = () =>
    signedIn ? watch.mutate({ product, favorite: !watching }) : promptLogin('save items');
  const message = () =>
    signedIn
      ? navigate(`/messages/${product.sellerId}?productId=${product.id}`)
      : promptLogin('message sellers');

  return (
    <Stack gap="sm">
      {away && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconBeach size={18} />}
          title={vacation?.notice ?? 'Seller away'}
        >
          {vacation?.message || 'You can still watch this item or message the seller.'}
        </Alert>
      )}
      <div className={classes.buyBar}>
        {toPay ? (
          <Button
            component={Link}
            to={payNowLink(toPay)}
            size="md"
            leftSection={<IconShoppingBag size={18} />}
          >
            {`Pay Now ${formatMoney(toPay.agreedPrice ?? toPay.offerPrice)}`}
          </Button>
        ) : available ? (
          <Button
            component={Link}
            to={`/checkout/${product.id}`}
            size="md"
            leftSection={<IconShoppingBag size={18} />}
          >
            Buy It Now
          </Button>
        ) : (
          <Button size="md" disabled>
            {away && product.status === 'available' ? 'Buy It Now' : BUY_LABEL[product.status]}
          </Button>
        )}
        {/* Nothing to offer on while an agreed price holds the listing: Pay Now takes the bar. */}
        {toPay ? null : open ? (
          <Button
            ref={openLink}
            component={Link}
            to="/buyer/offers"
            variant="light"
            size="md"
            leftSection={<IconTag size={18} />}
          >
            {open.words} <span className={classes.wideOnly}>{open.amount}</span>
          </Button>
        ) : (
          <Button
            variant="outline"
            size="md"
            leftSection={<IconTag size={18} />}
            onClick={makeOffer}
            disabled={!available}
          >
            Make an Offer
          </Button>
        )}
      </div>
      <AddToBagButton product={product} disabled={away} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Button
          variant={watching ? 'light' : 'default'}
          aria-pressed={watching}
          onClick={toggleWatch}
          leftSection={watching ? <IconEyeCheck size={18} /> : <IconEye size={18} />}
        >
          {watching ? 'Watching' : 'Watch'}
        </Button>
        <Button variant="default" leftSection={<IconMessageCircle size={18} />} onClick={message}>
          Message Seller
        </Button>
      </SimpleGrid>
      <ShareListingButton />
      <MyOfferNote productId={product.id} signedIn={signedIn} />
      <OfferDialog product={product} opened={offerOpen} onClose={offerDialog.close} onSent={offerSent} />
    </Stack>
  );
}
