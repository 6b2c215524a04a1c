import { ComingSoon } from '@/components/coming-soon';
import { AdminOnly } from './admin-only';

/** Placeholder until the Admin Dashboard is built. */
export default function AdminDashboardPage() {
  return (
    <AdminOnly>
      <ComingSoon
        title="Admin Dashboard"
        description="Pending payments, confirmed payments, all orders, analytics, sales records and order export."
      />
    </AdminOnly>
  );
}
