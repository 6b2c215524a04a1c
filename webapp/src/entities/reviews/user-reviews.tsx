import { Anchor, Avatar, Card, EmptyState, Group, Rating, Skeleton, Stack, Text } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { LoadFailed } from '@/components/load-failed';
import { POLICY } from '@/lib/policy';
import { api } from '@/lib/api-client';
import { formatDate } from '@/lib/formatters';

/** A published review about a user (GET /api/users/{id}/reviews). */
export interface ProfileReview {
  id: number;
  orderId: number;
  reviewerId: number;
  rating: number;
  comment: string;
  createdAt: string;
  reviewerUsername: string | null;
  reviewerDisplayName: string | null;
  reviewerAvatarUrl: string | null;
  /** What the reviewer was in that sale. */
  role: 'buyer' | 'seller';
}

export function useUserReviews(userId: number) {
  return useQuery({
    queryKey: ['users', userId, 'reviews'] as const,
    queryFn: () => api.get(`users/${userId}/reviews`).json<ProfileReview[]>(),
    enabled: Number.isInteger(userId) && userId > 0,
  });
}

/** The profile's Reviews tab: what buyers and sellers said after completed orders. */
export function UserReviews({ userId }: { userId: number }) {
  const reviews = useUserReviews(userId);
  if (reviews.isPending) return <Skeleton h={120} radius="md" aria-label="Loading reviews" />;
  if (reviews.isError)
    return <LoadFailed title="Failed to load reviews" onRetry={() => void reviews.refetch()} />;
  if (reviews.data.length === 0) {
    return (
      <EmptyState
        icon={<IconStar />}
        withIndicatorBackground
        title="No reviews yet"
        py="xl"
        description={`Reviews appear here after completed orders, once both sides have reviewed or ${POLICY.reviewWindow} have passed.`}
      />
    );
  }
  return (
    <Stack gap="sm">
      {reviews.data.map((review) => (
        <Card key={review.id} withBorder padding="md">
          <Group justify="space-between" align="flex-start">
            <Group gap="sm">
              <Avatar
                src={review.reviewerAvatarUrl}
                alt={review.reviewerDisplayName ?? 'Reviewer'}
                radius="xl"
              />
              <div>
                <Anchor fw={500} component={Link} to={`/profile/${review.reviewerId}`}>
                  {review.reviewerDisplayName ?? 'Former member'}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {review.role === 'buyer' ? 'Bought from this member' : 'Sold to this member'} ·{' '}
                  {formatDate(review.createdAt)}
                </Text>
              </div>
            </Group>
            <Rating value={review.rating} readOnly aria-label={`${review.rating} out of 5 stars`} />
          </Group>
          {review.comment && <Text mt="sm">{review.comment}</Text>}
        </Card>
      ))}
    </Stack>
  );
}
