import { useNavigate, useSearchParams } from 'react-router-dom';
import { NoticePage } from '@/components/notice-page';
import { PageLoader } from '@/components/page-loader';
import { useAuthLink } from '@/entities/session/return-to';
import { useSessionStore } from '@/entities/session/session-store';
import { useBag } from '@/entities/bag/bag';
import { useSavedAddresses } from '../api';
import { CheckoutSteps, initialShipping } from './checkout-page';

/** /checkout/bag?items=1,2: one seller's items from the bag, as one order, through the same
 * Shipping, Payment and Review steps as a single item, then the Order Confirmed screen at its
 * own address (/orders/{id}/confirmed), so a reload keeps the payment instructions. */
export default function BagCheckoutPage() {
  const authLink = useAuthLink();
  const ids = (useSearchParams()[0].get('items') ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  const status = useSessionStore((state) => state.status);
  const signedIn = status === 'authenticated';
  const bag = useBag();
  const saved = useSavedAddresses(signedIn);
  const navigate = useNavigate();

  if (status === 'loading') return <PageLoader />;
  if (!signedIn) {
    return (
      <NoticePage title="Please log in" actionLabel="Log In" actionTo={authLink}>
        You need to be logged in to place an order
      </NoticePage>
    );
  }
  if (bag.isError)
    return <NoticePage title="Failed to load your bag">Your bag could not be loaded.</NoticePage>;
  if (!bag.data || saved.isPending) return <PageLoader label="Loading checkout" />;
  const items = bag.data.groups
    .flatMap((group) => group.items)
    .filter((item) => ids.includes(item.product.id));
  if (ids.length === 0 || items.length === 0) {
    return (
      <NoticePage title="Nothing to check out" actionLabel="Go to your bag" actionTo="/bag">
        These items are not in your bag any more.
      </NoticePage>
    );
  }
  const defaultAddress = saved.data?.find((item) => item.isDefault) ?? saved.data?.[0];
  return (
    <CheckoutSteps
      request={{ productIds: items.map((item) => item.product.id) }}
      lines={items.map(({ product }) => ({
        id: product.id,
        title: product.title,
        image: product.thumbnails[0] ?? product.images[0],
        price: product.price,
      }))}
      available={items.length === ids.length && items.every((item) => item.available)}
      initial={initialShipping(defaultAddress)}
      onPlaced={(order) => navigate(`/orders/${order.id}/confirmed`, { replace: true })}
    />
  );
}
