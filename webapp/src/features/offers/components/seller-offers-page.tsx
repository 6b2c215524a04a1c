import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until this page is built. */
export default function SellerOffersPage() {
  return (
    <ComingSoon
      title="Seller Hub"
      description="Review the offers on your listings: accept, reject or counter."
    />
  );
}
