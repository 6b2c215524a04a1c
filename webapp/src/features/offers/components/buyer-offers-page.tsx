import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until this page is built. */
export default function BuyerOffersPage() {
  return (
    <ComingSoon
      title="My offers"
      description="Follow the offers you have made and accept counter-offers."
    />
  );
}
