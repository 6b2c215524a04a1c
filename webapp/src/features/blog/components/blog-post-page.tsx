import { Alert, Anchor, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconEdit, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { NoticePage } from '@/components/notice-page';
import { errorMessage, isApiError } from '@/lib/api-client';
import { summary, usePageMeta } from '@/lib/page-meta';
import { useCurrentUser } from '@/entities/session/session-store';
import { useBlogBySlug, type BlogPost } from '../api';
import { BlogByline } from './blog-byline';
import { BlogCover } from './blog-cover';
import { BlogParagraphs } from './blog-paragraphs';

export function BlogNotFound() {
  return (
    <NoticePage title="Blog post not found" actionLabel="Back to Blog" actionTo="/blog">
      The blog post you&apos;re looking for doesn&apos;t exist or has been removed.
    </NoticePage>
  );
}

function PostSkeleton() {
  return (
    <Stack gap="md" role="status" aria-label="Loading blog post">
      <Skeleton height={36} width="70%" />
      <Skeleton height={28} width={200} />
      <Skeleton height={320} />
      <Skeleton height={14} />
      <Skeleton height={14} />
      <Skeleton height={14} width="80%" />
    </Stack>
  );
}

interface BlogArticleProps {
  post: BlogPost;
  actions?: ReactNode;
  /** The editor's preview sits under the editor's own h1, so its title is an h2. */
  headingOrder?: 1 | 2;
}

/** The article itself; also used by the editor's preview. */
export function BlogArticle({ post, actions, headingOrder = 1 }: BlogArticleProps) {
  return (
    <Stack gap="lg" component="article">
      <Stack gap="sm">
        <Title order={headingOrder} size="h1">
          {post.title}
        </Title>
        {post.excerpt && (
          <Text size="lg" c="dimmed">
            {post.excerpt}
          </Text>
        )}
        <Group justify="space-between" align="center">
          <BlogByline author={post.user} date={post.createdAt} linkAuthor size="md" />
          {actions}
        </Group>
      </Stack>
      {post.imageUrl && (
        <div style={{ borderRadius: 'var(--mantine-radius-lg)', overflow: 'hidden' }}>
          <BlogCover imageUrl={post.imageUrl} mediumUrl={post.imageMediumUrl} title={post.title} eager />
        </div>
      )}
      <BlogParagraphs content={post.content} />
    </Stack>
  );
}

/** /blog/{slug}: one post; drafts only reach their author (the server answers 404 otherwise). */
export default function BlogPostPage() {
  const { slug = '' } = useParams();
  const user = useCurrentUser();
  const query = useBlogBySlug(slug);
  usePageMeta({
    title: query.data?.title ?? (query.isError ? 'Blog post not found' : 'Blog'),
    description: query.data ? summary(query.data.excerpt || query.data.content) : undefined,
    pending: query.isPending,
  });

  if (query.isError) {
    if (isApiError(query.error, 404)) return <BlogNotFound />;
    return (
      <NoticePage title="Failed to load blog post" actionLabel="Back to Blog" actionTo="/blog">
        {errorMessage(query.error, query.error.message)}
      </NoticePage>
    );
  }

  const post = query.data;
  const isOwner = post !== undefined && user?.id === post.userId;

  return (
    <Container size="md" py="xl">
      <Anchor
        component={Link}
        to="/blog"
        size="sm"
        mb="lg"
        display="inline-flex"
        style={{ alignItems: 'center', gap: 4 }}
      >
        <IconArrowLeft size={16} aria-hidden /> Back to Blog
      </Anchor>
      {post === undefined ? (
        <PostSkeleton />
      ) : (
        <Stack gap="lg">
          {!post.published && (
            <Alert color="yellow" variant="light" icon={<IconLock aria-hidden />}>
              This is a draft post and is only visible to you.
            </Alert>
          )}
          <BlogArticle
            post={post}
            actions={
              isOwner && (
                <Button
                  component={Link}
                  to={`/blog/edit/${post.id}`}
                  variant="light"
                  leftSection={<IconEdit size={16} aria-hidden />}
                >
                  Edit post
                </Button>
              )
            }
          />
        </Stack>
      )}
    </Container>
  );
}
