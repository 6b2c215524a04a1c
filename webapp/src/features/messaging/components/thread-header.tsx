import { ActionIcon, Anchor, Avatar, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { usePublicUser } from '@/entities/user/public-user';
import classes from './messages.module.css';

/** Partner avatar and name, View Profile, and (phones) a back button to the list. */
export function ThreadHeader({ partnerId }: { partnerId: number }) {
  const { data: partner, isPending } = usePublicUser(partnerId);
  const name = partner ? partner.displayName || partner.username : '';
  return (
    <Group className={classes.threadHeader} wrap="nowrap" justify="space-between">
      <Group wrap="nowrap" gap="sm" miw={0}>
        <ActionIcon
          component={Link}
          to="/messages"
          variant="subtle"
          color="gray"
          hiddenFrom="sm"
          aria-label="Back to conversations"
        >
          <IconArrowLeft size={20} />
        </ActionIcon>
        {isPending ? (
          <Skeleton circle height={38} />
        ) : (
          <Avatar src={partner?.avatarUrl} alt="" name={name || '?'} color="brand" />
        )}
        <Stack gap={0} miw={0}>
          {isPending ? (
            <Skeleton height={12} width={120} />
          ) : (
            <>
              <Text fw={600} truncate>
                {name || 'Unknown member'}
              </Text>
              {partner && (
                <Text size="xs" c="dimmed" truncate>
                  @{partner.username}
                </Text>
              )}
            </>
          )}
        </Stack>
      </Group>
      <Anchor component={Link} to={`/profile/${partnerId}`} size="sm" style={{ flexShrink: 0 }}>
        View Profile
      </Anchor>
    </Group>
  );
}
