import {
  Anchor,
  Breadcrumbs,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft, IconMessageCircle, IconRefresh, IconShare } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { HashtagBadges } from '@/entities/post/post-card';
import { LikeButton, SaveButton } from '@/entities/post/post-actions';
import { usePost } from '@/entities/post/post';
import { displayNameOf } from '@/entities/user/user';
import { copyLink } from '@/lib/copy-link';
import { formatRelativeAge } from '@/lib/formatters';
import { summary, usePageMeta } from '@/lib/page-meta';
import { AuthorCard } from './post/author-card';
import { CommentsSection } from './post/comments-section';
import { FeaturedItems } from './post/featured-items';
import { HiddenPostNotice } from './post/hidden-post-notice';
import { PostImage } from './post/post-image';

/** /post/:id: spec §2 Style post detail. */
export default function PostPage() {
  const id = Number(useParams().id);
  const post = usePost(id);
  const words = post.data ? summary(post.data.content, 60) : '';
  usePageMeta({
    title: post.data ? `Style #${post.data.id}${words ? `: ${words}` : ''}` : 'Style post',
    description: post.data ? summary(post.data.content) : undefined,
    pending: post.isPending,
  });

  if (post.isPending && Number.isInteger(id) && id > 0) return <PageLoader label="Loading post" />;
  if (!post.data) {
    return (
      <Container size="sm" py="xl">
        <Stack align="center" gap="md" ta="center" role="alert">
          <Title order={1}>Failed to load post</Title>
          <Text c="dimmed">This style post could not be loaded. It may have been removed.</Text>
          <Button
            leftSection={<IconRefresh size={16} />}
            onClick={() => void post.refetch()}
            loading={post.isFetching}
          >
            Refresh
          </Button>
        </Stack>
      </Container>
    );
  }
  const data = post.data;
  const author = displayNameOf(data.user);
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Breadcrumbs>
          <Anchor component={Link} to="/feed">
            <Group gap={4}>
              <IconArrowLeft size={14} />
              Back to feed
            </Group>
          </Anchor>
          <Anchor component={Link} to={`/profile/${data.userId}`}>
            {author}
          </Anchor>
          <Text>Style #{data.id}</Text>
        </Breadcrumbs>
        {/* The page's name for screen readers' heading list (a post has no title to show). */}
        <VisuallyHidden>
          <h1>
            Style #{data.id} by {author}
          </h1>
        </VisuallyHidden>
        <HiddenPostNotice post={data} />
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <PostImage post={data} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <Group justify="space-between" wrap="nowrap">
                <Group gap={4} wrap="nowrap">
                  <LikeButton post={data} size={22} />
                  <Button
                    variant="subtle"
                    color="gray"
                    px="xs"
                    leftSection={<IconMessageCircle size={18} />}
                    component="a"
                    href="#comment-box"
                  >
                    Comment ({data.commentCount})
                  </Button>
                  <Button
                    variant="subtle"
                    color="gray"
                    px="xs"
                    leftSection={<IconShare size={18} />}
                    onClick={() => void copyLink()}
                  >
                    Share
                  </Button>
                </Group>
                <SaveButton post={data} size={22} />
              </Group>
              <AuthorCard post={data} />
              <Paper withBorder radius="lg" p="md">
                <Stack gap="sm">
                  <Text size="xs" c="dimmed">
                    {formatRelativeAge(data.createdAt)}
                  </Text>
                  {data.content ? <Text style={{ whiteSpace: 'pre-line' }}>{data.content}</Text> : null}
                  <Title order={2} size="h5">
                    Hashtags
                  </Title>
                  {data.hashtags.length > 0 ? (
                    <HashtagBadges post={data} />
                  ) : (
                    <Text size="sm" c="dimmed">
                      No tags on this post
                    </Text>
                  )}
                </Stack>
              </Paper>
              <FeaturedItems post={data} />
            </Stack>
          </Grid.Col>
        </Grid>
        <CommentsSection post={data} />
      </Stack>
    </Container>
  );
}
