import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  CloseButton,
  Container,
  Divider,
  Group,
  Image,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDiscount2, IconShoppingBag } from '@tabler/icons-react';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { LoadFailed } from '@/components/load-failed';
import { sizePhrase } from '@/entities/product/catalog-enums';
import { NoticePage } from '@/components/notice-page';
import { errorMessage } from '@/lib/api-client';
import { formatCountOf, formatMoney } from '@/lib/formatters';
import { notifyError } from '@/lib/notify';
import { POLICY } from '@/lib/policy';
import { nextAfterRemoving, removeControlOf, useFocusWhenShown } from '@/lib/use-focus-when-shown';
import { useBag, useRemoveFromBag, type BagGroup } from '@/entities/bag/bag';

/** /bag: the member's bag, one card per seller, priced by the server with the seller's
 * bundle discount and one shipping; each card checks out as one order. A removed item's row
 * goes with its button: the focus moves to the remove button of the item that took its place
 * (or the new last one), or to the empty bag's heading. */
export default function BagPage() {
  const bag = useBag();
  const list = useRef<HTMLDivElement>(null);
  const emptyHeading = useRef<HTMLHeadingElement>(null);
  const focusWhenShown = useFocusWhenShown();
  const onRemoved = (productId: number) =>
    focusWhenShown(removeControlOf(nextAfterRemoving(list, productId, () => emptyHeading.current)));
  if (bag.isPending) {
    return (
      <Container size="md" py="xl" aria-busy="true">
        <Title order={1} mb="lg">
          Your bag
        </Title>
        <Skeleton h={220} radius="md" />
      </Container>
    );
  }
  if (bag.isError) {
    return (
      <Container size="md" py="xl">
        <LoadFailed
          title="Could not load your bag"
          description={errorMessage(bag.error, 'Please try again.')}
          onRetry={() => void bag.refetch()}
        />
      </Container>
    );
  }
  if (bag.data.count === 0) {
    return (
      <NoticePage
        title="Your bag is empty"
        titleRef={emptyHeading}
        actionLabel="Browse the shop"
        actionTo="/marketplace"
      >
        Add items from one seller to buy them together: one parcel, one shipping, and often a bundle discount.
      </NoticePage>
    );
  }
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="xs">
        Your bag
      </Title>
      <Text c="dimmed" mb="lg">
        Items from the same seller ship together as one order with one {POLICY.shippingFee} shipping.
      </Text>
      <Stack gap="lg" ref={list}>
        {bag.data.groups.map((group) => (
          <SellerGroup key={group.sellerId} group={group} onRemoved={onRemoved} />
        ))}
      </Stack>
    </Container>
  );
}

function SellerGroup({ group, onRemoved }: { group: BagGroup; onRemoved: (productId: number) => void }) {
  const remove = useRemoveFromBag();
  const name = group.seller?.displayName ?? 'Seller';
  const available = group.items.filter((item) => item.available).map((item) => item.product.id);
  const line = (label: string, value: string, strong = false) => (
    <Group justify="space-between">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={`Items from ${name}`}>
      <Group justify="space-between" mb="sm">
        <Group gap="sm">
          <Avatar src={group.seller?.avatarUrl} alt="" radius="xl" size="sm">
            {name[0]}
          </Avatar>
          <Anchor component={Link} to={`/profile/${group.sellerId}`} fw={600}>
            {name}
          </Anchor>
        </Group>
        <Group gap={6}>
          {group.tiers.map((tier) => (
            <Badge
              key={tier.minItems}
              variant={tier.percent === group.discountPercent ? 'filled' : 'light'}
              color="teal"
              tt="none"
            >
              {tier.label}
            </Badge>
          ))}
        </Group>
      </Group>
      <Stack gap="sm">
        {group.items.map(({ product, available: ok }) => (
          <Group
            key={product.id}
            wrap="nowrap"
            justify="space-between"
            opacity={ok ? 1 : 0.6}
            data-list-item={product.id}
          >
            <Group wrap="nowrap" gap="sm">
              <Image
                src={product.thumbnails[0] ?? product.images[0]}
                alt={product.title}
                w={56}
                h={56}
                radius="sm"
                fit="cover"
              />
              <div>
                <Anchor component={Link} to={`/product/${product.id}`} fw={500} size="sm">
                  {product.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {[product.brand, sizePhrase(product)].filter(Boolean).join(' · ')}
                </Text>
                {!ok && (
                  <Badge color="red" variant="light" size="sm" tt="none">
                    No longer available
                  </Badge>
                )}
              </div>
            </Group>
            <Group wrap="nowrap" gap="xs">
              <Text fw={600} size="sm">
                {formatMoney(product.price)}
              </Text>
              <CloseButton
                aria-label={`Remove ${product.title} from bag`}
                data-remove
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(product.id, {
                    onSuccess: () => onRemoved(product.id),
                    onError: (error) =>
                      notifyError(errorMessage(error, 'Could not remove the item. Please try again.')),
                  })
                }
              />
            </Group>
          </Group>
        ))}
      </Stack>
      <Divider my="md" />
      {group.nextTier && (
        <Alert variant="light" color="teal" icon={<IconDiscount2 size={18} />} mb="sm">
          Add {group.nextTier.minItems - group.itemCount} more from {name} to save {group.nextTier.percent}%.
        </Alert>
      )}
      {group.itemCount > 0 ? (
        <Stack gap={4} aria-label={`Total for ${name}`}>
          {line(`Items (${group.itemCount})`, formatMoney(group.subtotal))}
          {group.discountPercent > 0 &&
            line(`Bundle discount (${group.discountPercent}%)`, `-${formatMoney(group.discount)}`)}
          {line(`Service fee (${POLICY.serviceFee})`, formatMoney(group.serviceFee))}
          {line('Shipping (one parcel)', formatMoney(group.shipping))}
          <Divider my={4} />
          <Group justify="space-between">
            <Text fw={700}>Total</Text>
            <Text fw={700} data-testid="bag-total">
              {formatMoney(group.total)}
            </Text>
          </Group>
          <Button
            component={Link}
            to={`/checkout/bag?items=${available.join(',')}`}
            mt="sm"
            leftSection={<IconShoppingBag size={18} />}
          >
            {`Check out ${formatCountOf(group.itemCount, 'item')}`}
          </Button>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          None of these items can be bought any more.
        </Text>
      )}
    </Card>
  );
}
