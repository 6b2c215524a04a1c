import { NoticePage } from '@/components/notice-page';

export default function NotFoundPage() {
  return (
    <NoticePage title="Page not found">
      We could not find that page. It may have moved, or the link may be mistyped.
    </NoticePage>
  );
}
