import { Text } from '@mantine/core';
import type { Product } from '@/entities/product/product';
import { useCurrentUser } from '@/entities/session/session-store';
import { HiddenNotice } from '@/entities/trust/components/hidden-notice';
import { RestoreListingButton } from '@/entities/trust/components/moderation-undo';
import { isAdmin } from '@/entities/user/user';

/** A listing a moderator hid: only its seller and administrators can open it, so it says so,
 * with the moderator's reason (`hiddenReason`, which only they are sent; the seller was also
 * notified); an administrator can restore it here. */
export function HiddenListingNotice({ product }: { product: Product }) {
  const me = useCurrentUser();
  const own = me?.id === product.sellerId;
  const reason = product.hiddenReason;
  return (
    <HiddenNotice
      hidden={product.status === 'hidden'}
      reason={reason}
      restoredText="Listing restored: it is back in the shop."
      restore={
        isAdmin(me)
          ? (onDone) => <RestoreListingButton mt="sm" size="xs" listingId={product.id} onDone={onDone} />
          : undefined
      }
    >
      <Text size="sm">
        {own
          ? 'Shoppers cannot see or buy this listing.'
          : 'Shoppers cannot see or buy this listing; only its seller and administrators can open it.'}
      </Text>
      {own && (
        <Text size="sm" mt={4}>
          {reason
            ? 'Contact us if you think this is a mistake.'
            : 'Your notifications say why; contact us if you think this is a mistake.'}
        </Text>
      )}
    </HiddenNotice>
  );
}
