import { ComingSoon } from '@/components/coming-soon';
import { STATIC_PAGES, type StaticPageKey } from '../static-pages';

/** Placeholder for the information pages until their text is written. */
export default function StaticPage({ page }: { page: StaticPageKey }) {
  const { title, summary } = STATIC_PAGES[page];
  return <ComingSoon title={title} description={summary} />;
}
