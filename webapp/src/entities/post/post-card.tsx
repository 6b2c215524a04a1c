import { Anchor, AspectRatio, Avatar, Badge, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { HoverTooltip } from '@/components/hover-tooltip';
import { FollowButton } from '@/entities/user/follow-button';
import { displayNameOf } from '@/entities/user/user';
import { formatRelativeAge } from '@/lib/formatters';
import { LikeButton, SaveButton } from './post-actions';
import { FEED_CARD_SIZES, photoSrcSet, THUMBNAIL_WIDTH } from './photo-sizes';
import type { StylePost } from './post';

/** '#vintage' badges; each opens the feed filtered by that tag. */
export function HashtagBadges({ post }: { post: Pick<StylePost, 'hashtags'> }) {
  if (post.hashtags.length === 0) return null;
  return (
    <Group gap={6}>
      {post.hashtags.map((tag) => (
        <Badge
          key={tag.name}
          component={Link}
          to={`/feed?hashtag=${encodeURIComponent(tag.name)}`}
          variant="light"
          radius="sm"
          tt="none"
          style={{ cursor: 'pointer' }}
        >
          #{tag.name}
        </Badge>
      ))}
    </Group>
  );
}

/** Spec §2 Style post card: author with follow, photo, like, comment, save, caption,
 *  hashtags, tagged items and the post's relative age. Memoised: the grid re-renders as
 *  cards arrive and as the infinite-scroll trigger mounts, and a card renders some forty
 *  Mantine components; react-query keeps an unchanged post the same object. */
export const PostCard = memo(function PostCard({
  post,
  eager = false,
}: {
  post: StylePost;
  eager?: boolean;
}) {
  const author = displayNameOf(post.user);
  return (
    <Card withBorder radius="lg" padding={0} component="article" aria-label={`Style post by ${author}`}>
      <Group justify="space-between" wrap="nowrap" p="sm">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar
            src={post.user.avatarUrl}
            alt={`${author}'s avatar`}
            name={author}
            color="brand"
            size={36}
            component={Link}
            to={`/profile/${post.userId}`}
          />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/profile/${post.userId}`} fw={600} size="sm" c="inherit" truncate>
              {author}
            </Anchor>
            <Text size="xs" c="dimmed">
              {formatRelativeAge(post.createdAt)}
            </Text>
          </Stack>
        </Group>
        <FollowButton
          user={{ id: post.userId, username: post.user.username }}
          following={post.isFollowingAuthor}
          size="compact-sm"
          variant={post.isFollowingAuthor ? 'light' : 'outline'}
        />
      </Group>
      <Link to={`/post/${post.id}`} aria-label={`Open style post by ${author}`}>
        <AspectRatio ratio={4 / 5}>
          <Image
            src={post.thumbnailUrl || post.imageUrl}
            srcSet={photoSrcSet(post)}
            sizes={FEED_CARD_SIZES}
            alt={post.content || `Outfit posted by ${author}`}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
            decoding="async"
            width={THUMBNAIL_WIDTH}
            height={(THUMBNAIL_WIDTH * 5) / 4}
          />
        </AspectRatio>
      </Link>
      <Stack gap="xs" p="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <LikeButton post={post} />
            <Group gap={4} wrap="nowrap">
              <HoverTooltip label="Comments">
                <Anchor
                  component={Link}
                  to={`/post/${post.id}#comments`}
                  c="dimmed"
                  aria-label={`Comments (${post.commentCount})`}
                  display="flex"
                >
                  <IconMessageCircle size={20} />
                </Anchor>
              </HoverTooltip>
              <Text size="sm">{post.commentCount}</Text>
            </Group>
          </Group>
          <SaveButton post={post} />
        </Group>
        {post.content && (
          <Text size="sm" lineClamp={3}>
            {post.content}
          </Text>
        )}
        <HashtagBadges post={post} />
        {post.taggedProducts.length > 0 && (
          <Group gap={6} aria-label="Tagged items">
            {post.taggedProducts.map((item) => (
              <HoverTooltip key={item.id} label={item.title}>
                <Link to={`/product/${item.id}`} aria-label={`Tagged item: ${item.title}`}>
                  <Avatar
                    src={item.smallUrl ?? item.thumbnailUrl}
                    alt={item.title}
                    radius="sm"
                    size={40}
                    imageProps={{ loading: 'lazy', decoding: 'async' }}
                  />
                </Link>
              </HoverTooltip>
            ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
});
