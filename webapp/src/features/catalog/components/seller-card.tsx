import { Anchor, Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import { IconRosetteDiscountCheckFilled, IconStarFilled } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { FollowButton } from '@/entities/user/follow-button';
import { formatReviews } from '@/lib/formatters';
import type { ProductSeller } from '@/entities/product/product';
import { usePublicUser } from '@/entities/user/public-user';

/** The seller: avatar and name linking to their profile, rating, and Follow/Following (not
 *  for a seller the reader blocked: following them is refused). */
export function SellerCard({ seller, blocked = false }: { seller: ProductSeller | null; blocked?: boolean }) {
  const profile = usePublicUser(seller?.id ?? 0);
  if (!seller) {
    return (
      <Paper withBorder radius="lg" p="md">
        <Text c="dimmed">Unknown User</Text>
      </Paper>
    );
  }
  const name = seller.displayName || seller.username;
  return (
    <Paper withBorder radius="lg" p="md">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar src={seller.avatarUrl} alt="" name={name} color="brand" size={48} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Group gap={4} wrap="nowrap">
              <Anchor component={Link} to={`/profile/${seller.id}`} fw={600} truncate>
                {name}
              </Anchor>
              {seller.verified && (
                <IconRosetteDiscountCheckFilled
                  size={16}
                  color="var(--mantine-color-blue-6)"
                  aria-label="Verified seller"
                />
              )}
            </Group>
            <Text size="sm" c="dimmed" truncate>
              @{seller.username}
            </Text>
            <Group gap={4} wrap="nowrap">
              {seller.ratingCount > 0 && (
                <IconStarFilled size={12} color="var(--mantine-color-yellow-6)" aria-hidden />
              )}
              <Text size="xs" c="dimmed">
                {formatReviews(seller.rating, seller.ratingCount)}
              </Text>
            </Group>
          </Stack>
        </Group>
        {!blocked && <FollowButton user={seller} following={profile.data?.isFollowing ?? false} size="sm" />}
      </Group>
    </Paper>
  );
}
