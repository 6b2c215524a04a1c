import { Container } from '@mantine/core';
import { Navigate, useParams } from 'react-router-dom';
import { NoticePage } from '@/components/notice-page';
import { PageLoader } from '@/components/page-loader';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/entities/session/session-store';
import { useBlogById } from '../api';
import { BlogEditorForm } from './blog-editor-form';
import { BlogNotFound } from './blog-post-page';

export const NO_PERMISSION = 'You do not have permission to edit this blog post.';

function EditExistingPost({ id }: { id: number }) {
  const user = useCurrentUser();
  const query = useBlogById(id);
  if (query.isPending) return <PageLoader label="Loading blog post" />;
  if (query.isError) {
    if (isApiError(query.error, 404)) return <BlogNotFound />;
    return (
      <NoticePage title="Failed to load blog post" actionLabel="Back to Blog" actionTo="/blog">
        {errorMessage(query.error, query.error.message)}
      </NoticePage>
    );
  }
  if (query.data.userId !== user?.id) {
    return (
      <NoticePage title="Unauthorized" actionLabel="Back to Blog" actionTo="/blog">
        {NO_PERMISSION}
      </NoticePage>
    );
  }
  return (
    <Container size="md" py="xl">
      <BlogEditorForm post={query.data} />
    </Container>
  );
}

/** /blog/new and /blog/edit/{id}; a non-numeric id goes back to /blog (spec §2). */
export default function BlogEditorPage() {
  const { id } = useParams();
  if (id === undefined) {
    return (
      <Container size="md" py="xl">
        <BlogEditorForm />
      </Container>
    );
  }
  if (!/^\d+$/.test(id)) return <Navigate to="/blog" replace />;
  return <EditExistingPost key={id} id={Number(id)} />;
}
