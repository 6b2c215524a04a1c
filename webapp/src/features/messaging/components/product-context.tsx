import { Anchor, Group, Image, Paper, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatMoney } from '@/lib/formatters';
import { coverThumbnail } from '@/entities/product/product';
import { useContextProduct } from '../api';

/** The listing a conversation started from (Message Seller on a product page). */
export function ProductContext({ productId }: { productId: number | undefined }) {
  const { data: product } = useContextProduct(productId);
  if (!product) return null;
  return (
    <Paper withBorder radius="md" p="xs" mx="md" mt="sm" aria-label="About this listing">
      <Group wrap="nowrap" gap="sm">
        <Image src={coverThumbnail(product)} alt={product.title} w={48} h={48} radius="sm" fit="cover" />
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            About this listing
          </Text>
          <Anchor component={Link} to={`/product/${product.id}`} fw={600} size="sm" lineClamp={1}>
            {product.title}
          </Anchor>
          <Text size="sm">{formatMoney(product.price)}</Text>
        </div>
      </Group>
    </Paper>
  );
}
