import { Anchor, Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBrandInstagram } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { NewTabLink } from '@/components/new-tab-link';
import type { StylePostDetail } from '@/entities/post/post';
import { FollowButton } from '@/entities/user/follow-button';
import { displayNameOf } from '@/entities/user/user';
import { ReportMenu } from '@/entities/trust/components/report-menu';

/** Who posted it: avatar, names, follow, and their Instagram when they gave one. */
export function AuthorCard({ post }: { post: StylePostDetail }) {
  const name = displayNameOf(post.user);
  const handle = post.user.instagramHandle;
  return (
    <Paper withBorder radius="lg" p="md">
      <Group justify="space-between" wrap="nowrap">
        <Group wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
          <Avatar
            src={post.user.avatarUrl}
            alt={`${name}'s avatar`}
            name={name}
            color="brand"
            size={48}
            component={Link}
            to={`/profile/${post.userId}`}
          />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/profile/${post.userId}`} fw={600} c="inherit" truncate>
              {name}
            </Anchor>
            <Text size="sm" c="dimmed">
              @{post.user.username}
            </Text>
            {handle && (
              <Anchor component={NewTabLink} href={`https://instagram.com/${handle}`} size="sm">
                <Group gap={4} wrap="nowrap">
                  <IconBrandInstagram size={14} aria-hidden />
                  instagram.com/{handle}
                </Group>
              </Anchor>
            )}
          </Stack>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <FollowButton
            user={{ id: post.userId, username: post.user.username }}
            following={post.isFollowingAuthor}
            size="sm"
          />
          <ReportMenu
            targetType="post"
            targetId={post.id}
            ownerId={post.userId}
            label="More actions for this post"
          />
        </Group>
      </Group>
    </Paper>
  );
}
