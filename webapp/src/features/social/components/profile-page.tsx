import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until this page is built. */
export default function ProfilePage() {
  return (
    <ComingSoon
      title="Profile"
      description="A member's listings, style posts, followers and ratings."
    />
  );
}
