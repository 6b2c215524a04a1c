import { Badge, Group } from '@mantine/core';
import { IconDiscount2 } from '@tabler/icons-react';
import { useBundleDiscounts } from './bag';

/** The seller's bundle discounts as badges ("Buy 2, save 10%"); nothing when there are none. */
export function BundleDiscountsNote({ sellerId }: { sellerId: number | undefined }) {
  const tiers = useBundleDiscounts(sellerId).data?.tiers ?? [];
  if (tiers.length === 0) return null;
  return (
    <Group gap={6} aria-label="Bundle discounts">
      <IconDiscount2 size={18} aria-hidden />
      {tiers.map((tier) => (
        <Badge key={tier.minItems} variant="light" color="teal" tt="none">
          {tier.label}
        </Badge>
      ))}
    </Group>
  );
}
