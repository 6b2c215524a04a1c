import { Anchor, Card, Image, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { EmptyState } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useTaggedPosts } from '../api';

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
          {[0, 1, 2].map((index) => <Skeleton key={index} h={220} radius="lg" />)}
        </SimpleGrid>
      )}
      {!posts.isPending && items.length === 0 && (
        <EmptyState icon={<IconSparkles />} withIndicatorBackground title="No style posts yet"
          description="Nobody has tagged this piece in a look yet. Browse the style feed for ideas.">
          <EmptyState.Actions>
            <Anchor component={Link} to="/feed">Open the Style Feed</Anchor>
          </EmptyState.Actions>
        </EmptyState>
      )}
      {items.length > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          {items.map((post) => (
            <Card key={post.id} padding={0} component={Link} to={`/post/${post.id}`} style={{ textDecoration: 'none' }}>
              <Image src={post.imageUrl} alt={post.content || 'Style post'} h={220} loading="lazy" />
              <Text size="sm" p="sm" lineClamp={2}>{post.content}</Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
