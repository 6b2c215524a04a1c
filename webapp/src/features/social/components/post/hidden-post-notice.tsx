import { Text } from '@mantine/core';
import type { StylePostDetail } from '@/entities/post/post';
import { useCurrentUser } from '@/entities/session/session-store';
import { HiddenNotice } from '@/entities/trust/components/hidden-notice';
import { RestoreContentButton } from '@/entities/trust/components/moderation-undo';
import { isAdmin } from '@/entities/user/user';

/** A hidden style post: only its author and administrators can open it, so it says so, and
 * who hid it (`hiddenCause`), with the moderator's reason when there is one (`hiddenReason`,
 * which only they are sent); an administrator can restore a moderator's hiding here (as on a
 * hidden listing's page), not one by its author's suspension. */
export function HiddenPostNotice({ post }: { post: StylePostDetail }) {
  const me = useCurrentUser();
  return (
    <HiddenNotice
      hidden={Boolean(post.hidden)}
      reason={post.hiddenReason}
      cause={post.hiddenCause}
      owner={{ noun: 'author', id: post.userId, username: post.user.username }}
      restoredText="Post restored: everyone can see it again."
      restore={
        isAdmin(me)
          ? (onDone) => (
              <RestoreContentButton mt="sm" size="xs" kind="post" targetId={post.id} onDone={onDone} />
            )
          : undefined
      }
    >
      <Text size="sm">
        {me?.id === post.userId
          ? post.hiddenCause === 'suspension'
            ? 'Nobody else can see this post, and it is out of the feed, until your suspension ends.'
            : 'Nobody else can see this post, and it is out of the feed. Contact us if you think this is a mistake.'
          : 'Only its author and administrators can see this post; it is out of the feed.'}
      </Text>
    </HiddenNotice>
  );
}
