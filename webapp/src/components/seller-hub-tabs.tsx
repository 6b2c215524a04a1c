import { Button, Group } from '@mantine/core';
import { Link } from 'react-router-dom';

const HUB = [
  { value: 'offers', label: 'Offers', to: '/seller/offers' },
  { value: 'stats', label: 'Stats', to: '/seller/stats' },
] as const;

/** Seller Hub's two pages, Offers and Stats: links, the current one marked. */
export function SellerHubTabs({ current }: { current: (typeof HUB)[number]['value'] }) {
  return (
    <Group component="nav" aria-label="Seller Hub" gap="xs" mb="md">
      {HUB.map((tab) => (
        <Button
          key={tab.value}
          component={Link}
          to={tab.to}
          size="xs"
          radius="xl"
          variant={tab.value === current ? 'filled' : 'default'}
          aria-current={tab.value === current ? 'page' : undefined}
        >
          {tab.label}
        </Button>
      ))}
    </Group>
  );
}
