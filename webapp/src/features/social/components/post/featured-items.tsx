import { Avatar, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { StylePostDetail } from '@/entities/post/post';
import { UNAVAILABLE_LABEL } from '@/entities/product/product';
import { sizePhrase } from '@/entities/product/catalog-enums';
import { formatMoney } from '@/lib/formatters';

/** Featured Items: the tagged listings, each a link to its product page. */
export function FeaturedItems({ post }: { post: StylePostDetail }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Title order={2} size="h5" mb="sm">
        Featured Items
      </Title>
      {post.taggedProducts.length === 0 ? (
        <Text size="sm" c="dimmed">
          No products tagged in this post.
        </Text>
      ) : (
        <Stack gap="xs">
          {post.taggedProducts.map((item) => (
            <UnstyledButton key={item.id} component={Link} to={`/product/${item.id}`}>
              <Group wrap="nowrap">
                <Avatar src={item.smallUrl ?? item.thumbnailUrl} alt={item.title} radius="md" size={56} />
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm" truncate>
                    {item.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[item.brand, sizePhrase(item)].filter(Boolean).join(' · ')}
                  </Text>
                  <Text size="sm" fw={700}>
                    {formatMoney(item.price)}
                    {item.status !== 'available' ? ` · ${UNAVAILABLE_LABEL[item.status]}` : ''}
                  </Text>
                </div>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
