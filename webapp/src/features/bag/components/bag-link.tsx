import { ActionIcon, Indicator } from '@mantine/core';
import { IconShoppingBag } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useBag } from '@/entities/bag/bag';
import { formatCountOf } from '@/lib/formatters';

/** The header's bag icon with the number of items in it. */
export function BagLink() {
  const count = useBag().data?.count ?? 0;
  const label = `Bag, ${formatCountOf(count, 'item')}`;
  return (
    <Indicator label={count} size={16} offset={4} disabled={count === 0} color="teal">
      <ActionIcon component={Link} to="/bag" variant="subtle" color="gray" size="lg" aria-label={label}>
        <IconShoppingBag size={20} />
      </ActionIcon>
    </Indicator>
  );
}
