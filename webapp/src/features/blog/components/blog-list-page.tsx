import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until this page is built. */
export default function BlogListPage() {
  return (
    <ComingSoon
      title="Blog"
      description="Stories and guides about secondhand fashion from the Rethread community."
    />
  );
}
