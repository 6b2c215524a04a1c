import { Navigate, useParams } from 'react-router-dom';
import { ComingSoon } from '@/components/coming-soon';

/** Placeholder for /blog/new and /blog/edit/:id; a non-numeric id goes back to /blog (spec §2). */
export default function BlogEditorPage() {
  const { id } = useParams();
  if (id !== undefined && !/^\d+$/.test(id)) return <Navigate to="/blog" replace />;
  return (
    <ComingSoon
      title={id === undefined ? 'Write a blog post' : 'Edit blog post'}
      description="Write, preview and publish posts; drafts stay visible only to you."
    />
  );
}
