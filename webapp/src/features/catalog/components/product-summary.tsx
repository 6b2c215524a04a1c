import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { ProductBadge } from '@/entities/product/product-badge';
import { categoryLabel, conditionLabel, sizePhrase } from '@/entities/product/catalog-enums';
import { formatCount, formatMoney } from '@/lib/formatters';
import type { Product } from '@/entities/product/product';
import { useCurrentUser } from '@/entities/session/session-store';
import { BundleDiscountsNote } from '@/entities/bag/bundle-discounts-note';
import { BuyerActions } from './buyer-actions';
import { BuyerProtectionNote } from './buyer-protection-note';
import { HiddenListingNotice } from './hidden-listing-notice';
import { OwnerActions } from './owner-actions';
import { SellerCard } from './seller-card';
import { ReportMenu } from '@/entities/trust/components/report-menu';
import { BlockedSellerNotice } from '@/entities/trust/components/blocked-seller-notice';
import { POLICY } from '@/lib/policy';

/** Brand, title, labels and price: what the server's first view of the page shows too. */
export function ProductHeadline({ product }: { product: Product }) {
  return (
    <>
      <Stack gap={6}>
        <Group gap="xs">
          <ProductBadge badge={product.badge} />
          <Text size="sm" c="dimmed" fw={600} tt="uppercase">
            {product.brand}
          </Text>
        </Group>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={1} size="h2">
            {product.title}
          </Title>
          <ReportMenu
            targetType="listing"
            targetId={product.id}
            ownerId={product.sellerId}
            label="More actions for this listing"
          />
        </Group>
        <Group gap={6}>
          <Badge variant="light" color="gray" tt="none">
            {categoryLabel(product.category)}
          </Badge>
          <Badge variant="light" color="gray" tt="none">
            {conditionLabel(product.condition)}
          </Badge>
          {sizePhrase(product) && (
            <Badge variant="light" color="gray" tt="none">
              {sizePhrase(product)}
            </Badge>
          )}
        </Group>
      </Stack>
      <Group align="baseline" gap="sm">
        <Text fz={32} fw={800} lh={1}>
          {formatMoney(product.price)}
        </Text>
        <Text c="dimmed">+ {POLICY.shippingFee} Shipping</Text>
      </Group>
    </>
  );
}

/** The right-hand column: title, labels, price, shipping, actions, the seller. */
export function ProductSummary({ product }: { product: Product }) {
  const me = useCurrentUser();
  const isOwner = me?.id === product.sellerId;
  const blocked = !isOwner && product.blockedByYou === true;
  const sellerName = product.seller?.displayName || product.seller?.username || 'this seller';
  return (
    <Stack gap="md">
      <ProductHeadline product={product} />
      <Group gap={6} c="dimmed">
        <IconEye size={16} aria-hidden />
        <Text size="sm">{`${formatCount(product.watchCount)} watching`}</Text>
      </Group>
      <BundleDiscountsNote sellerId={product.sellerId} />
      <HiddenListingNotice product={product} />
      {isOwner ? (
        <OwnerActions product={product} />
      ) : blocked ? (
        <BlockedSellerNotice sellerId={product.sellerId} sellerName={sellerName} />
      ) : (
        <BuyerActions product={product} />
      )}
      <SellerCard seller={product.seller} blocked={blocked} />
      {!isOwner && !blocked && <BuyerProtectionNote />}
    </Stack>
  );
}
