import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until this page is built. */
export default function FeedPage() {
  return (
    <ComingSoon
      title="Style feed"
      description="Outfits from the community with tagged items you can shop, likes, comments and saves."
    />
  );
}
