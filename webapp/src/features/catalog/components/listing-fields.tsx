import limits from '@fixtures/form-limits.json';
import { Autocomplete, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { CATEGORIES, CONDITIONS, FEATURED_BRANDS, SIZES } from '@/entities/product/catalog-enums';
import { useFacets } from '../api';
import { amountInput } from '../amount-input';
import { EMPTY_FILTERS } from '../filters';
import type { ListingErrors, ListingValues } from '../listing-validation';

interface ListingFieldsProps {
  values: ListingValues;
  errors: ListingErrors;
  set: (name: keyof ListingValues, value: string) => void;
}

function useBrandSuggestions(): string[] {
  const facets = useFacets(EMPTY_FILTERS);
  const known = facets.data?.brands.map((facet) => facet.value) ?? [];
  return [...new Set([...FEATURED_BRANDS, ...known])].sort((a, b) => a.localeCompare(b));
}

export function TitleDescriptionFields({ values, errors, set }: ListingFieldsProps) {
  return (
    <>
      <TextInput
        label="Title"
        placeholder="e.g. Levi's 501 straight-leg jeans"
        withAsterisk
        maxLength={limits.listing.title.max}
        value={values.title}
        error={errors.title}
        onChange={(event) => set('title', event.currentTarget.value)}
      />
      <Textarea
        label="Description"
        placeholder="Fit, fabric, flaws, how often it was worn…"
        withAsterisk
        rows={5}
        resize="vertical"
        value={values.description}
        error={errors.description}
        onChange={(event) => set('description', event.currentTarget.value)}
      />
    </>
  );
}

export function PriceField({ values, errors, set }: ListingFieldsProps) {
  return (
    <TextInput
      label="Price"
      placeholder="0.00"
      withAsterisk
      leftSection="$"
      inputMode="decimal"
      maw={240}
      value={values.price}
      error={errors.price}
      onChange={(event) => set('price', amountInput(event.currentTarget.value))}
    />
  );
}

/** Brand (suggestions from the shop and featured brands), size, condition, category. */
export function ItemFields({ values, errors, set }: ListingFieldsProps) {
  const brands = useBrandSuggestions();
  const choice = (name: 'size' | 'condition' | 'category') => ({
    value: values[name] || null,
    error: errors[name],
    onChange: (value: string | null) => set(name, value ?? ''),
    withAsterisk: true,
    allowDeselect: false,
  });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Autocomplete
        label="Brand"
        placeholder="Start typing a brand"
        withAsterisk
        data={brands}
        limit={8}
        value={values.brand}
        error={errors.brand}
        onChange={(value) => set('brand', value)}
      />
      <Select
        label="Category"
        placeholder="Choose a category"
        data={[...CATEGORIES]}
        {...choice('category')}
      />
      <Select label="Size" placeholder="Choose a size" data={[...SIZES]} {...choice('size')} />
      <Select
        label="Condition"
        placeholder="Choose a condition"
        data={[...CONDITIONS]}
        {...choice('condition')}
      />
    </SimpleGrid>
  );
}
