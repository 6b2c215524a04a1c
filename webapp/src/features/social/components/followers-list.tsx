import { Anchor, Avatar, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { EmptyState } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useFollowers } from '../api';

/** The Followers tab: members with links to their profiles. */
export function FollowersList({ userId }: { userId: number }) {
  const followers = useFollowers(userId);
  if (followers.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={72} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  if (followers.isError) return <Text c="red">Failed to load followers. Please try again later.</Text>;
  if (followers.data.length === 0) {
    return (
      <EmptyState
        icon={<IconUsers />}
        withIndicatorBackground
        title="No followers yet"
        description="Follow this member to see their new listings first."
        py="xl"
      />
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
      {followers.data.map((member) => (
        <Paper key={member.id} withBorder radius="lg" p="sm">
          <Group gap="sm" wrap="nowrap">
            <Avatar
              src={member.avatarUrl}
              alt=""
              name={member.displayName || member.username}
              color="brand"
            />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={`/profile/${member.id}`} fw={600} truncate>
                {member.displayName || member.username}
              </Anchor>
              <Text size="sm" c="dimmed" truncate>
                @{member.username}
              </Text>
            </Stack>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
