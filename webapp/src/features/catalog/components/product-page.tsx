import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until this page is built. */
export default function ProductPage() {
  return (
    <ComingSoon
      title="Product details"
      description="Photos, price, condition and size, the seller, Buy It Now, Make an Offer, Watch and Message Seller."
    />
  );
}
