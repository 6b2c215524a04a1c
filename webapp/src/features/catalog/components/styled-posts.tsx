import { Anchor, Card, EmptyState, Group, Image, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { IconHeart, IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useTaggedPosts } from '@/entities/post/post';
import { displayNameOf } from '@/entities/user/user';

/** 'How others are styling this': style posts that tag this product. */
export function StyledPosts({ productId }: { productId: number }) {
  const posts = useTaggedPosts(productId);
  const items = posts.data ?? [];
  return (
    <section aria-labelledby="styled-posts">
      <Title order={2} size="h3" id="styled-posts" mb="md">
        How others are styling this
      </Title>
      {posts.isPending && (
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} h={220} radius="lg" />
          ))}
        </SimpleGrid>
      )}
      {!posts.isPending && items.length === 0 && (
        <EmptyState
          icon={<IconSparkles />}
          withIndicatorBackground
          title="No style posts yet"
          description="Nobody has tagged this piece in a look yet. Browse the style feed for ideas."
        >
          <EmptyState.Actions>
            <Anchor component={Link} to="/feed">
              Open the Style Feed
            </Anchor>
          </EmptyState.Actions>
        </EmptyState>
      )}
      {items.length > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          {items.map((post) => (
            <Card
              key={post.id}
              withBorder
              padding={0}
              component={Link}
              to={`/post/${post.id}`}
              style={{ textDecoration: 'none' }}
            >
              <Image
                src={post.thumbnailUrl || post.imageUrl}
                alt={post.content || `Outfit posted by ${displayNameOf(post.user)}`}
                h={220}
                loading="lazy"
              />
              <Text size="sm" px="sm" pt="sm" lineClamp={2}>
                {post.content}
              </Text>
              <Group justify="space-between" p="sm" pt={4}>
                <Text size="xs" c="dimmed" truncate>
                  by {displayNameOf(post.user)}
                </Text>
                <Group gap={4} c="dimmed">
                  <IconHeart size={14} aria-hidden />
                  <Text size="xs">{post.likeCount}</Text>
                </Group>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
