import limits from '@fixtures/form-limits.json';
import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import {
  fetchMoreComments,
  useAddComment,
  useDeleteComment,
  type PostComment,
  type StylePostDetail,
} from '@/entities/post/post';
import { useSessionStore } from '@/entities/session/session-store';
import { displayNameOf, isAdmin } from '@/entities/user/user';
import { submitWith } from '@/lib/form';
import { formatRelativeAge } from '@/lib/formatters';
import { useAuthLink } from '@/entities/session/return-to';
import { useRestoredInPlace } from '@/entities/trust/components/hidden-notice';
import { RestoreContentButton } from '@/entities/trust/components/moderation-undo';
import { ReportMenu } from '@/entities/trust/components/report-menu';

const MAX_COMMENT = limits.posts.comment.max;
/** How many further pages of comments a link to one comment reads to find it. */
const LINKED_COMMENT_PAGES = 20;

function CommentRow({
  comment,
  canDelete,
  canRestore,
  onDelete,
}: {
  comment: PostComment;
  canDelete: boolean;
  /** An administrator, who can show a hidden comment to everyone again. */
  canRestore: boolean;
  onDelete: () => void;
}) {
  const name = displayNameOf(comment.user);
  // Restored here: the button goes away, so the focus moves to the line saying it is done.
  const { restored, markRestored, done } = useRestoredInPlace<HTMLParagraphElement>();
  const hidden = comment.hidden && !restored;
  return (
    // The id is where a link to the comment lands (the moderation desk's `/post/3#comment-9`).
    <Group align="flex-start" wrap="nowrap" gap="sm" id={`comment-${comment.id}`}>
      <Avatar
        src={comment.user.avatarUrl}
        alt={`${name}'s avatar`}
        name={name}
        color="brand"
        size={36}
        component={Link}
        to={`/profile/${comment.userId}`}
      />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs">
          <Anchor component={Link} to={`/profile/${comment.userId}`} fw={600} size="sm" c="inherit">
            {name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {formatRelativeAge(comment.createdAt)}
          </Text>
          {hidden && (
            <Badge
              size="xs"
              color="gray"
              variant="light"
              title="Hidden by a moderator: only its author and moderators can see it"
            >
              Hidden by a moderator
            </Badge>
          )}
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {comment.content}
        </Text>
        {hidden && canRestore && (
          <RestoreContentButton
            kind="comment"
            targetId={comment.id}
            label={`Restore comment by ${name}`}
            size="compact-xs"
            mt={4}
            style={{ alignSelf: 'flex-start' }}
            onDone={markRestored}
          />
        )}
        {restored && (
          <Text ref={done} tabIndex={-1} size="xs" c="dimmed">
            Comment restored: everyone can see it again.
          </Text>
        )}
      </Stack>
      {canDelete && (
        <ActionIcon variant="subtle" color="gray" aria-label={`Delete comment by ${name}`} onClick={onDelete}>
          <IconTrash size={16} />
        </ActionIcon>
      )}
      <ReportMenu
        targetType="comment"
        targetId={comment.id}
        ownerId={comment.userId}
        label={`More actions for the comment by ${name}`}
      />
    </Group>
  );
}

/** Comments, oldest first (newest last), more on request; the box posts at once. */
export function CommentsSection({ post }: { post: StylePostDetail }) {
  const authLink = useAuthLink();
  const me = useSessionStore((state) => state.user);
  const add = useAddComment(post.id);
  const remove = useDeleteComment(post.id);
  const [older, setOlder] = useState<{ items: PostComment[]; cursor: string | null }>({
    items: [],
    cursor: post.commentsNextCursor,
  });
  const [loading, setLoading] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { content: '' },
    validate: {
      content: (value) => {
        const text = value.trim();
        if (!text) return 'Comment cannot be empty';
        return text.length > MAX_COMMENT ? `Comment must be at most ${MAX_COMMENT} characters` : null;
      },
    },
  });
  const comments = [
    ...post.comments,
    ...older.items.filter((c) => !post.comments.some((p) => p.id === c.id)),
  ];

  async function loadMore() {
    if (!older.cursor) return;
    setLoading(true);
    try {
      const page = await fetchMoreComments(post.id, older.cursor);
      setOlder((state) => ({ items: [...state.items, ...page.items], cursor: page.nextCursor }));
    } finally {
      setLoading(false);
    }
  }

  // A link to one comment (`#comment-9`, the moderation desk's) that is not among those
  // drawn yet: the pages after them are read until it is, so the page can bring it into
  // view (lib/scroll-memory.ts), at most LINKED_COMMENT_PAGES of them.
  const { hash } = useLocation();
  const linkedId = /^#comment-(\d+)$/.exec(hash)?.[1];
  const linkedDrawn = linkedId !== undefined && comments.some((c) => String(c.id) === linkedId);
  const pagesForLink = useRef(0);
  useEffect(() => {
    if (linkedId === undefined || linkedDrawn || !older.cursor || loading) return;
    if (pagesForLink.current >= LINKED_COMMENT_PAGES) return;
    pagesForLink.current += 1;
    void loadMore();
    // loadMore reads the cursor of this render, which the dependencies follow.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linkedId, linkedDrawn, older.cursor, loading]);

  return (
    <Paper withBorder radius="lg" p="md" id="comments">
      <Title order={2} size="h4" mb="md">
        Comments ({post.commentCount})
      </Title>
      <Stack gap="md">
        {comments.length === 0 && <Text c="dimmed">No comments yet. Be the first to comment!</Text>}
        {comments.map((comment) => (
          <CommentRow
            key={comment.id}
            comment={comment}
            canDelete={
              me !== null && (me.id === comment.userId || me.id === post.userId || me.role === 'admin')
            }
            canRestore={isAdmin(me)}
            onDelete={() => remove.mutate(comment.id)}
          />
        ))}
        {older.cursor && (
          <Button variant="default" onClick={() => void loadMore()} loading={loading}>
            Show more comments
          </Button>
        )}
        {me ? (
          <form
            id="comment-box"
            noValidate
            onSubmit={submitWith(form, (values) => add.mutateAsync(values.content.trim()), {
              fallback: 'Failed to post comment. Please try again.',
              onSuccess: () => form.reset(),
            })}
          >
            <Group align="flex-end" wrap="nowrap">
              <Textarea
                label="Add a comment"
                placeholder="Say something nice..."
                rows={2}
                style={{ flex: 1 }}
                maxLength={MAX_COMMENT}
                {...form.getInputProps('content')}
              />
              <Button type="submit" loading={form.submitting}>
                Post
              </Button>
            </Group>
          </form>
        ) : (
          <Text size="sm" id="comment-box">
            <Anchor component={Link} to={authLink} underline="always">
              Log in
            </Anchor>{' '}
            to join the conversation.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
