import {
  Avatar,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  SimpleGrid,
  Skeleton,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconHeart, IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ProductImage } from '@/entities/product/product-image';
import { useTrendingPosts, type StylePost } from '@/entities/post/post';
import { photoSrcSet, TRENDING_CARD_SIZES } from '@/entities/post/photo-sizes';
import { displayNameOf } from '@/entities/user/user';
import { useDeferredData } from '@/lib/use-deferred-data';
import { SectionHeader } from './section-header';

function StyleCard({ post }: { post: StylePost }) {
  const author = displayNameOf(post.user);
  return (
    <Card padding={0} component={Link} to={`/post/${post.id}`} style={{ textDecoration: 'none' }}>
      <ProductImage
        src={post.thumbnailUrl || post.imageUrl}
        alt={post.content || `Outfit posted by ${author}`}
        ratio={1}
        srcSet={photoSrcSet(post)}
        sizes={TRENDING_CARD_SIZES}
      />
      <Group gap={6} p="sm" pb={4} mih={34}>
        {post.hashtags.slice(0, 3).map((tag) => (
          <Badge key={tag.name} variant="light" radius="sm" tt="none">
            #{tag.name}
          </Badge>
        ))}
      </Group>
      <Group justify="space-between" px="sm" pb="sm" wrap="nowrap">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar src={post.user.avatarUrl} alt="" name={author} color="brand" size={22} />
          <Text size="sm" c="dimmed" truncate>
            Styled by {author}
          </Text>
        </Group>
        <Group gap={4} c="dimmed" wrap="nowrap">
          <IconHeart size={14} aria-hidden />
          <Text size="sm">
            {post.likeCount}
            <VisuallyHidden> likes</VisuallyHidden>
          </Text>
        </Group>
      </Group>
    </Card>
  );
}

/** The three most-liked style posts of recent weeks; the style feed has the rest. */
export function TrendingStyles() {
  const trending = useTrendingPosts();
  const { data, waiting: pending } = useDeferredData(trending);
  const posts = data ?? [];
  return (
    <section aria-labelledby="home-trending">
      <SectionHeader id="home-trending" title="Trending Styles" subtitle="How the community is wearing it" />
      {!pending && posts.length === 0 ? (
        <EmptyState
          icon={<IconSparkles />}
          withIndicatorBackground
          title="No trending styles yet"
          description="Share a look on the style feed and it could show up here."
        />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          {pending
            ? [0, 1, 2].map((index) => <Skeleton key={index} h={320} radius="lg" />)
            : posts.map((post) => <StyleCard key={post.id} post={post} />)}
        </SimpleGrid>
      )}
      <Group justify="center" mt="lg">
        <Button component={Link} to="/feed" variant="light" leftSection={<IconSparkles size={16} />}>
          See Style Feed
        </Button>
      </Group>
    </section>
  );
}
