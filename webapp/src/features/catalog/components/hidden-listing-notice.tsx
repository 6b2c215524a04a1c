import { Text } from '@mantine/core';
import type { Product } from '@/entities/product/product';
import { useCurrentUser } from '@/entities/session/session-store';
import { HiddenNotice, SELLER_CLOSED_NOTE } from '@/entities/trust/components/hidden-notice';
import { RestoreListingButton } from '@/entities/trust/components/moderation-undo';
import { isAdmin } from '@/entities/user/user';

/** A hidden listing: only its seller and administrators can open it, so it says so, and who
 * hid it (`hiddenCause`). A moderator's hiding comes with their reason (`hiddenReason`,
 * which only they are sent; the seller was also notified), and an administrator can restore
 * it here; one hidden by its seller's suspension comes back when the suspension ends, and
 * one whose seller has closed their account never does (no Restore: the server refuses). */
export function HiddenListingNotice({ product }: { product: Product }) {
  const me = useCurrentUser();
  const own = me?.id === product.sellerId;
  const reason = product.hiddenReason;
  const bySuspension = product.hiddenCause === 'suspension';
  const closed = !!product.sellerClosed;
  return (
    <HiddenNotice
      hidden={product.status === 'hidden'}
      reason={reason}
      cause={product.hiddenCause}
      owner={{ noun: 'seller', id: product.sellerId, username: product.seller?.username }}
      restoredText="Listing restored: it is back in the shop."
      title={closed ? 'Its seller closed their account' : undefined}
      restore={
        isAdmin(me) && !closed
          ? (onDone) => <RestoreListingButton mt="sm" size="xs" listingId={product.id} onDone={onDone} />
          : undefined
      }
    >
      <Text size="sm">
        {own
          ? 'Shoppers cannot see or buy this listing.'
          : 'Shoppers cannot see or buy this listing; only its seller and administrators can open it.'}
      </Text>
      {closed && (
        <Text size="sm" mt={4}>
          {SELLER_CLOSED_NOTE}
        </Text>
      )}
      {own && (
        <Text size="sm" mt={4}>
          {bySuspension
            ? 'It comes back when your suspension ends.'
            : reason
              ? 'Contact us if you think this is a mistake.'
              : 'Your notifications say why; contact us if you think this is a mistake.'}
        </Text>
      )}
    </HiddenNotice>
  );
}
