import { ActionIcon, Group, Text } from '@mantine/core';
import { IconBookmark, IconBookmarkFilled, IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { promptLogin } from '@/entities/session/login-prompt';
import { useSessionStore } from '@/entities/session/session-store';
import { useReaction, type StylePost } from './post';

type Props = { post: Pick<StylePost, 'id' | 'liked' | 'saved' | 'likeCount' | 'saveCount'>; size?: number };

/** Heart with the like count. Visitors get a login prompt. */
export function LikeButton({ post, size = 20 }: Props) {
  const me = useSessionStore((state) => state.user);
  const like = useReaction('likes', post);
  const label = post.liked ? 'Unlike' : 'Like';
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        color={post.liked ? 'red' : 'gray'}
        aria-label={label}
        aria-pressed={post.liked}
        onClick={() => (me ? like.mutate(!post.liked) : promptLogin('like posts'))}
      >
        {post.liked ? <IconHeartFilled size={size} /> : <IconHeart size={size} />}
      </ActionIcon>
      <Text size="sm" aria-label={`${post.likeCount} likes`}>
        {post.likeCount}
      </Text>
    </Group>
  );
}

/** Bookmark: saved posts appear on your own profile's Saved tab. */
export function SaveButton({ post, size = 20 }: Props) {
  const me = useSessionStore((state) => state.user);
  const save = useReaction('saves', post);
  return (
    <ActionIcon
      variant="subtle"
      color={post.saved ? 'brand' : 'gray'}
      aria-label={post.saved ? 'Remove from saved' : 'Save post'}
      aria-pressed={post.saved}
      onClick={() => (me ? save.mutate(!post.saved) : promptLogin('save posts'))}
    >
      {post.saved ? <IconBookmarkFilled size={size} /> : <IconBookmark size={size} />}
    </ActionIcon>
  );
}
