import { Group, NumberInput, Text } from '@mantine/core';
import { useEffect, useState, type KeyboardEvent } from 'react';

interface PriceRangeProps {
  minPrice: string;
  maxPrice: string;
  onChange: (range: { minPrice: string; maxPrice: string }) => void;
}

const toText = (value: string | number) => (value === '' ? '' : String(value));

/** Min and max price (numbers ≥ 0); applied when a field loses focus or on Enter. */
export function PriceRange({ minPrice, maxPrice, onChange }: PriceRangeProps) {
  const [min, setMin] = useState(minPrice);
  const [max, setMax] = useState(maxPrice);
  useEffect(() => setMin(minPrice), [minPrice]);
  useEffect(() => setMax(maxPrice), [maxPrice]);

  const apply = () => {
    // A reversed range is read the way it was meant.
    const [low, high] = min && max && Number(min) > Number(max) ? [max, min] : [min, max];
    if (low !== minPrice || high !== maxPrice) onChange({ minPrice: low, maxPrice: high });
  };
  const shared = {
    min: 0,
    decimalScale: 2,
    allowNegative: false,
    prefix: '$',
    hideControls: true,
    onBlur: apply,
    onKeyDown: (event: KeyboardEvent) => event.key === 'Enter' && apply(),
  };

  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600} size="sm" mb="xs">
        Price
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <NumberInput aria-label="Minimum price" placeholder="Min" value={min} onChange={(v) => setMin(toText(v))} {...shared} />
        <Text c="dimmed" aria-hidden>
          –
        </Text>
        <NumberInput aria-label="Maximum price" placeholder="Max" value={max} onChange={(v) => setMax(toText(v))} {...shared} />
      </Group>
    </fieldset>
  );
}
