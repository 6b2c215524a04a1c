import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until this page is built. */
export default function PostPage() {
  return (
    <ComingSoon
      title="Style post"
      description="A style post with its tagged items, hashtags and comments."
    />
  );
}
