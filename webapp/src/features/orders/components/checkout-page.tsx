import { Alert, Button, Card, Container, Grid, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useOffer } from '@/entities/offer/offer';
import { payableOffer } from '@/entities/offer/offer-status';
import { UNAVAILABLE_LABEL, type ProductStatus } from '@/entities/product/product';
import { NoticePage } from '@/components/notice-page';
import { PageLoader } from '@/components/page-loader';
import { errorMessage, isApiError } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useSessionStore } from '@/entities/session/session-store';
import {
  saveShippingAddress,
  saveUserAddress,
  useCheckoutProduct,
  usePlaceOrder,
  useQuote,
  useSavedAddresses,
  type Order,
  type OrderRequest,
} from '../api';
import { addressLines, EMPTY_ADDRESS } from '../address-validation';
import { CheckoutSummary } from './checkout-summary';
import { StepHeading } from './checkout-step-heading';
import { PaymentStep, type PaymentMethod } from './payment-step';
import { ShippingForm, type ShippingChoice } from './shipping-form';
import { useAuthLink } from '@/entities/session/return-to';
import { BlockedSellerNotice } from '@/entities/trust/components/blocked-seller-notice';

/** /checkout/{productId}?offerId=: Shipping, Payment, Review, then the Order Confirmed screen
 * at its own address (/orders/{id}/confirmed), so a reload keeps the payment instructions. */
export default function CheckoutPage() {
  const authLink = useAuthLink();
  const productId = Number(useParams().id);
  const offerParam = useSearchParams()[0].get('offerId');
  const offerId = offerParam ? Number(offerParam) : undefined;
  const status = useSessionStore((state) => state.status);
  const signedIn = status === 'authenticated';
  const product = useCheckoutProduct(productId);
  const saved = useSavedAddresses(signedIn);
  const offer = useOffer(signedIn ? offerId : undefined);
  const navigate = useNavigate();
  // The time the page opened: render stays pure (react-hooks/purity); the server checks again.
  const [openedAt] = useState(Date.now);

  if (status === 'loading') return <PageLoader />;
  if (!signedIn) {
    return (
      <NoticePage title="Please log in" actionLabel="Log In" actionTo={authLink}>
        You need to be logged in to place an order
      </NoticePage>
    );
  }
  if (product.isError) {
    return <NoticePage title="Failed to load product details">This item could not be loaded.</NoticePage>;
  }
  // The buyer already ordered with this offer: show that order, never a second checkout.
  if (offer.data?.orderId) return <Navigate to={`/orders/${offer.data.orderId}/confirmed`} replace />;
  if (!product.data || saved.isPending || (offerId && offer.isPending))
    return <PageLoader label="Loading checkout" />;
  // The buyer blocked its seller (docs/trust.md): said at once, with Unblock, never a form
  // whose order the server would refuse.
  if (product.data.blockedByYou) {
    const seller = product.data.seller;
    return (
      <Container size="sm" py="xl">
        <Title order={1} mb="lg">
          Checkout
        </Title>
        <BlockedSellerNotice
          sellerId={product.data.sellerId}
          sellerName={seller?.displayName || seller?.username || 'this seller'}
        />
      </Container>
    );
  }
  // Reserved for me by my accepted offer (docs/offers.md): still mine to buy until the deadline.
  const reservedForMe =
    product.data.status === 'reserved' &&
    offer.data !== undefined &&
    offer.data.reservedUntil !== null &&
    payableOffer(offer.data, openedAt);
  const defaultAddress = saved.data?.find((item) => item.isDefault) ?? saved.data?.[0];
  return (
    <CheckoutSteps
      request={{ productId, ...(offerId ? { offerId } : {}) }}
      lines={[
        {
          id: productId,
          title: product.data.title,
          image: product.data.thumbnails[0] ?? product.data.images[0],
        },
      ]}
      available={product.data.status === 'available' || reservedForMe}
      unavailable={UNAVAILABLE[product.data.status]}
      similarTo={`/marketplace?category=${encodeURIComponent(product.data.category)}`}
      initial={initialShipping(defaultAddress)}
      onPlaced={(order) => navigate(`/orders/${order.id}/confirmed`, { replace: true })}
    />
  );
}

/** What a listing that cannot be bought says at the top of its checkout: a reserved one is
 *  held for a buyer (an order waiting for payment, or an accepted offer) and may come back,
 *  so it does not read as sold. */
const UNAVAILABLE: Partial<Record<ProductStatus, { title: string; reason: string }>> = {
  reserved: {
    title: UNAVAILABLE_LABEL.reserved,
    reason:
      'This item is held for a buyer until they pay. It comes back to the shop if they do not pay in time.',
  },
  hidden: { title: UNAVAILABLE_LABEL.hidden, reason: 'This item is not for sale right now.' },
};

/** The Shipping step's starting point: the default saved address, or an empty form. */
export function initialShipping(saved: typeof EMPTY_ADDRESS | undefined): ShippingChoice {
  return {
    address: saved ? { ...EMPTY_ADDRESS, ...pickFields(saved) } : EMPTY_ADDRESS,
    saveAsUserAddress: !saved,
    setAsDefault: !saved,
  };
}

function pickFields(address: typeof EMPTY_ADDRESS): typeof EMPTY_ADDRESS {
  const { fullName, addressLine1, addressLine2, city, state, zipCode, country, phoneNumber } = address;
  return { fullName, addressLine1, addressLine2, city, state, zipCode, country, phoneNumber };
}

export interface CheckoutLine {
  id: number;
  title: string;
  image: string | undefined;
  /** Each item's own price, shown beside it when an order has several (the bag's); the
   *  totals under the lines are the server's quote either way. */
  price?: string;
}

interface StepsProps {
  request: OrderRequest;
  lines: CheckoutLine[];
  available: boolean;
  /** Why one listing cannot be bought when it is not available on arrival (title, sentence);
   *  without it, it reads as sold. */
  unavailable?: { title: string; reason: string };
  /** Where the "similar items" link goes when the item is gone. */
  similarTo?: string;
  initial: ShippingChoice;
  onPlaced: (order: Order) => void;
}

/** Shipping, Payment, Review for one listing or a bundle (the same three steps). */
export function CheckoutSteps({
  request,
  lines,
  available: listed,
  unavailable,
  similarTo,
  initial,
  onPlaced,
}: StepsProps) {
  const [step, setShownStep] = useState(0);
  const [moved, setMoved] = useState(false);
  const setStep = (next: number) => {
    setShownStep(next);
    setMoved(true);
  };
  // A race lost at Place Order (409) is lasting, not a toast: the item is gone for this buyer.
  const [lost, setLost] = useState<string | null>(null);
  const available = listed && lost === null;
  const [shipping, setShipping] = useState(initial);
  const [method, setMethod] = useState<PaymentMethod>('card');
  const quote = useQuote(request, available);
  // The server refusing the total (409: the seller is away, one of the items went meanwhile)
  // is lasting too: said above the steps, not offered again as a retry.
  const refused =
    quote.isError && isApiError(quote.error, 409)
      ? errorMessage(quote.error, 'This item cannot be bought right now.')
      : null;
  const place = usePlaceOrder();
  const several = lines.length > 1;
  const wayOut = several ? '/bag' : (similarTo ?? '/marketplace');
  const wayOutLabel = several ? 'Back to your bag' : 'See similar items';
  // 403: the server refuses this buyer, not the items (the two members blocked one another,
  // an account is suspended or closed): nothing on this page can change that, so it says
  // why instead of the steps and a Try Again.
  if (quote.isError && isApiError(quote.error, 403)) {
    return (
      <NoticePage
        title={several ? "You can't buy these items" : "You can't buy this item"}
        actionLabel={wayOutLabel}
        actionTo={wayOut}
      >
        {errorMessage(quote.error, 'This purchase is not possible.')}
      </NoticePage>
    );
  }

  const placeOrder = () =>
    place.mutate(request, {
      onSuccess: (order) => {
        // Spec §4: the address is saved after the order; failures retry silently (1 s, 3 s).
        void saveShippingAddress(order.id, shipping.address);
        if (shipping.saveAsUserAddress) {
          void saveUserAddress(shipping.address, shipping.setAsDefault).catch(() => undefined);
        }
        onPlaced(order);
      },
      onError: (error) => {
        if (isApiError(error, 409)) {
          setLost(errorMessage(error, 'Someone else bought it first.'));
          return;
        }
        notifyError(
          isApiError(error, 403)
            ? errorMessage(error, 'There was an issue creating your order. Please try again.')
            : 'There was an issue creating your order. Please try again.',
          'Order creation failed',
        );
      },
    });

  return (
    <Container size="lg" py="xl">
      {/* Buy It Now (or the bag) brings the focus here, as any page change (app/layout/page-change-focus.tsx). */}
      <Title order={1} mb="lg">
        Checkout
      </Title>
      {!available && (
        <Alert
          color="red"
          mb="md"
          title={
            several
              ? 'Some items are no longer available'
              : ((lost ? undefined : unavailable?.title) ?? UNAVAILABLE_LABEL.sold)
          }
          role="alert"
        >
          {lost ?? unavailable?.reason ?? `Someone else bought ${several ? 'one of them' : 'it'} first.`}{' '}
          <Link to={wayOut}>{wayOutLabel}</Link>
        </Alert>
      )}
      {available && refused && (
        <Alert color="orange" mb="md" title="You can't buy this right now" role="alert">
          {refused} <Link to={wayOut}>{wayOutLabel}</Link>
        </Alert>
      )}
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <Stepper
            active={step}
            onStepClick={(next) => next < step && setStep(next)}
            allowNextStepsSelect={false}
            size="sm"
          >
            <Stepper.Step label="Shipping" description="Where to send it">
              <StepHeading key="Shipping" index={0} count={3} label="Shipping" focus={moved} />
              <ShippingForm
                initial={shipping}
                onSubmit={(choice) => {
                  setShipping(choice);
                  setStep(1);
                }}
              />
            </Stepper.Step>
            <Stepper.Step label="Payment" description="How you pay">
              <StepHeading key="Payment" index={1} count={3} label="Payment" focus={moved} />
              <PaymentStep
                method={method}
                onChange={setMethod}
                onBack={() => setStep(0)}
                onNext={() => setStep(2)}
              />
            </Stepper.Step>
            <Stepper.Step label="Review" description="Check and place">
              <StepHeading key="Review" index={2} count={3} label="Review" focus={moved} />
              <Stack gap="md">
                <Card withBorder>
                  <Group justify="space-between" align="flex-start">
                    <div>
                      <Text fw={600}>Ship to</Text>
                      {addressLines(shipping.address).map((line) => (
                        <Text size="sm" key={line}>
                          {line}
                        </Text>
                      ))}
                    </div>
                    <Button
                      variant="subtle"
                      size="xs"
                      aria-label="Edit shipping address"
                      onClick={() => setStep(0)}
                    >
                      Edit
                    </Button>
                  </Group>
                </Card>
                <Card withBorder>
                  <Group justify="space-between">
                    <div>
                      <Text fw={600}>Payment</Text>
                      <Text size="sm">Peer-to-peer payment app</Text>
                    </div>
                    <Button
                      variant="subtle"
                      size="xs"
                      aria-label="Edit payment method"
                      onClick={() => setStep(1)}
                    >
                      Edit
                    </Button>
                  </Group>
                </Card>
                <Group justify="space-between">
                  <Button variant="default" onClick={() => setStep(1)}>
                    Back
                  </Button>
                  <Button onClick={placeOrder} loading={place.isPending} disabled={!available || !quote.data}>
                    Place Order
                  </Button>
                </Group>
              </Stack>
            </Stepper.Step>
          </Stepper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <CheckoutSummary lines={lines} available={available} quote={quote} refused={refused !== null} />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
