import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until this page is built. */
export default function BlogPostPage() {
  return (
    <ComingSoon
      title="Blog post"
      description="A blog post from the Rethread community."
    />
  );
}
