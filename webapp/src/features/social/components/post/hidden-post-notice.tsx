import { Alert, Text } from '@mantine/core';
import { IconCheck, IconEyeOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { StylePostDetail } from '@/entities/post/post';
import { useCurrentUser } from '@/entities/session/session-store';
import { RestoreContentButton } from '@/entities/trust/components/moderation-undo';
import { isAdmin } from '@/entities/user/user';

/** A style post a moderator hid: only its author and administrators can open it, so it says
 * so; an administrator can restore it here, and the focus then stays on this notice, which
 * says it is done (as a hidden listing's notice does). */
export function HiddenPostNotice({ post }: { post: StylePostDetail }) {
  const me = useCurrentUser();
  const notice = useRef<HTMLDivElement>(null);
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    if (restored) notice.current?.focus();
  }, [restored]);
  if (restored) {
    return (
      <Alert
        ref={notice}
        tabIndex={-1}
        color="teal"
        variant="light"
        icon={<IconCheck size={18} aria-hidden />}
      >
        Post restored: everyone can see it again.
      </Alert>
    );
  }
  if (!post.hidden) return null;
  const own = me?.id === post.userId;
  return (
    <Alert
      ref={notice}
      tabIndex={-1}
      color="orange"
      variant="light"
      icon={<IconEyeOff size={18} aria-hidden />}
      title="Hidden by a moderator"
    >
      <Text size="sm">
        {own
          ? 'Nobody else can see this post, and it is out of the feed. Contact us if you think this is a mistake.'
          : 'Only its author and administrators can see this post; it is out of the feed.'}
      </Text>
      {isAdmin(me) && (
        <RestoreContentButton
          mt="sm"
          size="xs"
          kind="post"
          targetId={post.id}
          onDone={() => setRestored(true)}
        />
      )}
    </Alert>
  );
}
