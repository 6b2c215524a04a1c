import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until this page is built. */
export default function CheckoutPage() {
  return (
    <ComingSoon
      title="Checkout"
      description="Shipping, payment and review, then instructions for paying with a peer-to-peer app."
    />
  );
}
