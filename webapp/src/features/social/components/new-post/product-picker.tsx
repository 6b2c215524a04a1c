import { Avatar, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Product, ProductPage } from '@/entities/product/product';
import { api } from '@/lib/api-client';
import { formatMoney } from '@/lib/formatters';

interface ProductPickerProps {
  taggedIds: number[];
  full: boolean;
  onPick: (product: Product) => void;
}

/** Search listings (GET /api/products?q=&purpose=tagging: not counted as a shopper's
 * search in analytics) and tag one with a click. */
export function ProductPicker({ taggedIds, full, onPick }: ProductPickerProps) {
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), 250);
  const results = useQuery({
    queryKey: ['products', 'tag-search', query],
    queryFn: () =>
      api.get('products', { searchParams: { q: query, limit: '6', purpose: 'tagging' } }).json<ProductPage>(),
    enabled: query.length >= 2,
  });
  const items = results.data?.items ?? [];
  return (
    <Stack gap="xs">
      <TextInput
        label="Tag items"
        description="Search listings by title or brand (up to 5 items)"
        placeholder="e.g. denim jacket"
        leftSection={<IconSearch size={16} />}
        rightSection={results.isFetching ? <Loader size="xs" /> : null}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        disabled={full}
      />
      {query.length >= 2 && !results.isPending && items.length === 0 && (
        <Text size="sm" c="dimmed">
          No listings match “{query}”.
        </Text>
      )}
      {items.map((product) => {
        const tagged = taggedIds.includes(product.id);
        return (
          <Group key={product.id} justify="space-between" wrap="nowrap">
            <Group wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
              <Avatar src={product.thumbnails[0]} alt={product.title} radius="sm" size={40} />
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {product.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {product.brand} · {formatMoney(product.price)}
                </Text>
              </div>
            </Group>
            <Button
              size="compact-sm"
              variant="light"
              disabled={tagged || full}
              onClick={() => onPick(product)}
              aria-label={`Tag ${product.title}`}
            >
              {tagged ? 'Tagged' : 'Tag'}
            </Button>
          </Group>
        );
      })}
    </Stack>
  );
}
