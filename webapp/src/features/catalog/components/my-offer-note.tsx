import { Alert, Anchor } from '@mantine/core';
import { IconTag } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useProductOffers } from '@/entities/offer/offer';
import { buyerStatusMessage, payNowLink, STATUS_LABEL } from '@/entities/offer/offer-status';
import { formatMoney } from '@/lib/formatters';

/** The signed-in buyer's latest offer on this listing, refreshed after every offer change. */
export function MyOfferNote({ productId, signedIn }: { productId: number; signedIn: boolean }) {
  const latest = useProductOffers(productId, signedIn).data?.items[0];
  if (!latest) return null;
  const accepted = latest.status === 'accepted';
  return (
    <Alert variant="light" color={accepted ? 'green' : 'brand'} icon={<IconTag size={18} />}
      title={`Your offer of ${formatMoney(latest.offerPrice)}: ${STATUS_LABEL[latest.status]}`}>
      {buyerStatusMessage(latest)}{' '}
      <Anchor component={Link} to={accepted ? payNowLink(latest) : '/buyer/offers'} size="sm">
        {accepted ? 'Pay Now' : 'See my offers'}
      </Anchor>
    </Alert>
  );
}
