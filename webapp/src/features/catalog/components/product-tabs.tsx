import { Anchor, DataList, List, Stack, Tabs, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { categoryLabel, conditionLabel, listingSizeLabel } from '@/entities/product/catalog-enums';
import { formatCountOf, formatDate, formatRating, NO_REVIEWS } from '@/lib/formatters';
import { POLICY } from '@/lib/policy';
import { useListingFigures } from '@/entities/product/figures';
import type { Product } from '@/entities/product/product';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** Details, Shipping and Seller tabs under the photos. */
export function ProductTabs({ product }: { product: Product }) {
  const seller = product.seller;
  const figures = useListingFigures(product.id).data;
  return (
    <Tabs defaultValue="details" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="details">Details</Tabs.Tab>
        <Tabs.Tab value="shipping">Shipping</Tabs.Tab>
        <Tabs.Tab value="seller">Seller</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="details" pt="md">
        <Stack gap="md">
          <Text style={{ whiteSpace: 'pre-line' }}>{product.description}</Text>
          <DataList withDivider labelWidth={140}>
            <Row label="Brand" value={product.brand} />
            <Row label="Size" value={listingSizeLabel(product)} />
            <Row label="Condition" value={conditionLabel(product.condition)} />
            <Row label="Category" value={categoryLabel(product.category)} />
            <Row label="Listed" value={formatDate(product.createdAt)} />
            <Row label="Watching" value={String(product.watchCount)} />
            <Row label="Views" value={figures ? String(figures.views) : '—'} />
            <Row label="Offers" value={figures ? String(figures.offers) : '—'} />
          </DataList>
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="shipping" pt="md">
        <List spacing="xs">
          <List.Item>Flat {POLICY.shippingFee} shipping, paid by the buyer, anywhere in the US.</List.Item>
          <List.Item>The seller ships within {POLICY.shipWithin} of payment.</List.Item>
          <List.Item>Delivery usually takes {POLICY.delivery}.</List.Item>
          <List.Item>Covered by Buyer Protection: {POLICY.inspection} to inspect after delivery.</List.Item>
        </List>
        <Anchor component={Link} to="/shipping-info" size="sm" mt="sm" display="inline-block">
          Shipping information
        </Anchor>
      </Tabs.Panel>
      <Tabs.Panel value="seller" pt="md">
        {seller ? (
          <Stack gap={4}>
            <Text fw={600}>{seller.displayName || seller.username}</Text>
            <Text size="sm" c="dimmed">
              {seller.ratingCount > 0
                ? `Rated ${formatRating(seller.rating)} from ${formatCountOf(seller.ratingCount, 'review')}`
                : NO_REVIEWS}
              {seller.verified ? ' · Verified seller' : ''}
            </Text>
            <Anchor component={Link} to={`/profile/${seller.id}`} size="sm">
              See all of {seller.username}’s listings
            </Anchor>
          </Stack>
        ) : (
          <Text c="dimmed">Unknown User</Text>
        )}
      </Tabs.Panel>
    </Tabs>
  );
}
