import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until this page is built. */
export default function MarketplacePage() {
  return (
    <ComingSoon
      title="Shop"
      description="Browse secondhand listings with search, filters by brand, category, size, condition and price, and infinite scroll."
    />
  );
}
