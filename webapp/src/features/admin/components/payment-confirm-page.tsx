import { ComingSoon } from '@/components/coming-soon';
import { AdminOnly } from './admin-only';

/** Placeholder until admin payment confirmation is built. */
export default function PaymentConfirmPage() {
  return (
    <AdminOnly>
      <ComingSoon
        title="Confirm payment"
        description="Check the order number and payment reference, then confirm that the payment arrived."
      />
    </AdminOnly>
  );
}
