import { Group, NumberInput, Text } from '@mantine/core';
import { useId, useState, type KeyboardEvent } from 'react';

interface PriceRangeProps {
  minPrice: string;
  maxPrice: string;
  onChange: (range: { minPrice: string; maxPrice: string }) => void;
  /** The server's sentence about the applied range (a link's ?minPrice=100&maxPrice=10). */
  error?: string | null;
}

const toText = (value: string | number | bigint) => (value === '' ? '' : String(value));

/** What is wrong with a typed range, in words, or null: a filter is never changed silently. */
export function priceRangeProblem(min: string, max: string): string | null {
  if ((min && Number(min) < 0) || (max && Number(max) < 0)) return 'Prices cannot be negative.';
  if (min && max && Number(min) > Number(max)) return 'The minimum price is more than the maximum.';
  return null;
}

/** Min and max price; applied when a field loses focus or on Enter, unless the range is wrong
 *  (then it says why under the fields and the shop keeps its last filter). */
export function PriceRange({ minPrice, maxPrice, onChange, error = null }: PriceRangeProps) {
  const [min, setMin] = useState(minPrice);
  const [max, setMax] = useState(maxPrice);
  // A new filter from outside (Clear filters, Back) replaces what is typed.
  const [applied, setApplied] = useState({ minPrice, maxPrice });
  if (applied.minPrice !== minPrice || applied.maxPrice !== maxPrice) {
    setApplied({ minPrice, maxPrice });
    setMin(minPrice);
    setMax(maxPrice);
  }
  const [typedProblem, setProblem] = useState<string | null>(null);
  // What is typed is judged first; else what the server said about the range in the URL.
  const problem = typedProblem ?? error;
  const problemId = useId();

  const apply = () => {
    const found = priceRangeProblem(min, max);
    setProblem(found);
    if (!found && (min !== minPrice || max !== maxPrice)) onChange({ minPrice: min, maxPrice: max });
  };
  const shared = {
    decimalScale: 2,
    prefix: '$',
    hideControls: true,
    onBlur: apply,
    onKeyDown: (event: KeyboardEvent) => event.key === 'Enter' && apply(),
    error: Boolean(problem),
    'aria-describedby': problem ? problemId : undefined,
  };

  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600} size="sm" mb="xs">
        Price
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <NumberInput
          aria-label="Minimum price"
          placeholder="Min"
          value={min}
          onChange={(v) => setMin(toText(v))}
          {...shared}
        />
        <Text c="dimmed" aria-hidden>
          –
        </Text>
        <NumberInput
          aria-label="Maximum price"
          placeholder="Max"
          value={max}
          onChange={(v) => setMax(toText(v))}
          {...shared}
        />
      </Group>
      {problem && (
        <Text id={problemId} c="red" size="xs" mt={6} role="alert">
          {problem}
        </Text>
      )}
    </fieldset>
  );
}
