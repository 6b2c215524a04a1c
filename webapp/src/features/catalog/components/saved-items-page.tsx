import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until this page is built. */
export default function SavedItemsPage() {
  return (
    <ComingSoon
      title="Saved items"
      description="Everything you have hearted or are watching, in one place."
    />
  );
}
