import { Anchor, Group, Image, Paper, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatMoney } from '@/lib/formatters';
import { coverThumbnail } from '@/entities/product/product';
import { useContextProduct } from '../api';

interface ProductContextProps {
  productId: number | undefined;
  /** The price the two agreed for it (the server's, from their order or accepted offer);
   *  undefined: none, so the listed price is shown. */
  agreedPrice?: string;
}

/** The listing a conversation is about (Message Seller on a product page, or the last one
 *  the thread talked about), at the price the two agreed when they did. */
export function ProductContext({ productId, agreedPrice }: ProductContextProps) {
  const { data: product } = useContextProduct(productId);
  if (!product) return null;
  const listed = formatMoney(product.price);
  const agreed = agreedPrice === undefined ? null : formatMoney(agreedPrice);
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
          {agreed === null ? (
            <Text size="sm">{listed}</Text>
          ) : (
            <Text size="sm">
              {agreed} agreed
              {agreed !== listed && (
                <Text span size="xs" c="dimmed">
                  {' '}
                  · listed at {listed}
                </Text>
              )}
            </Text>
          )}
        </div>
      </Group>
    </Paper>
  );
}
