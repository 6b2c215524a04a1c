import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until this page is built. */
export default function CreateListingPage() {
  return (
    <ComingSoon
      title="Sell an item"
      description="List a piece in minutes: up to 5 photos, details, price and a preview of what you will earn."
    />
  );
}
