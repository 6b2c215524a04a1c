import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until this page is built. */
export default function OrdersPage() {
  return (
    <ComingSoon
      title="Orders"
      description="Your purchases and sales with their status, tracking and contacts."
    />
  );
}
