import { Alert, Text } from '@mantine/core';
import { IconCheck, IconEyeOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { Product } from '@/entities/product/product';
import { useCurrentUser } from '@/entities/session/session-store';
import { RestoreListingButton } from '@/entities/trust/components/moderation-undo';
import { isAdmin } from '@/entities/user/user';

/** A listing a moderator hid: only its seller and administrators can open it, so it says so,
 * with the moderator's reason (`hiddenReason`, which only they are sent; the seller was also
 * notified); an administrator can restore it here, and the focus then stays on this notice,
 * which says it is done. */
export function HiddenListingNotice({ product }: { product: Product }) {
  const me = useCurrentUser();
  const notice = useRef<HTMLDivElement>(null);
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    if (restored) notice.current?.focus();
  }, [restored]);
  if (restored) {
    return (
      <Alert
        ref={notice}
        tabIndex={-1}
        color="teal"
        variant="light"
        icon={<IconCheck size={18} aria-hidden />}
      >
        Listing restored: it is back in the shop.
      </Alert>
    );
  }
  if (product.status !== 'hidden') return null;
  const own = me?.id === product.sellerId;
  const reason = product.hiddenReason;
  return (
    <Alert
      ref={notice}
      tabIndex={-1}
      color="orange"
      variant="light"
      icon={<IconEyeOff size={18} aria-hidden />}
      title="Hidden by a moderator"
    >
      <Text size="sm">
        {own
          ? 'Shoppers cannot see or buy this listing.'
          : 'Shoppers cannot see or buy this listing; only its seller and administrators can open it.'}
      </Text>
      {reason && (
        <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
          Reason: {reason}
        </Text>
      )}
      {own && (
        <Text size="sm" mt={4}>
          {reason
            ? 'Contact us if you think this is a mistake.'
            : 'Your notifications say why; contact us if you think this is a mistake.'}
        </Text>
      )}
      {isAdmin(me) && (
        <RestoreListingButton mt="sm" size="xs" listingId={product.id} onDone={() => setRestored(true)} />
      )}
    </Alert>
  );
}
