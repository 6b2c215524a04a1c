import { Button, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { CATEGORIES, CONDITIONS, SIZES, type Choice } from '@/entities/product/catalog-enums';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { useFacets, type FacetCount } from '../api';
import { activeFilterCount, toggleValue, type ProductFilters } from '../filters';
import { FacetChecklist, type FacetOption } from './facet-checklist';
import { PriceRange } from './price-range';

interface FilterSidebarProps {
  filters: ProductFilters;
  onChange: (change: Partial<ProductFilters>) => void;
  onClear: () => void;
  /** The drawer on phones has its own 'Filters' title, so the list leaves its own out. */
  withHeading?: boolean;
}

const countOf = (counts: FacetCount[] | undefined, value: string) =>
  counts?.find((facet) => facet.value.toLowerCase() === value)?.count ?? 0;

function enumOptions(choices: readonly Choice[], counts: FacetCount[] | undefined): FacetOption[] {
  return choices.map((choice) => ({ ...choice, count: countOf(counts, choice.value) }));
}

/**
 * Brands from the facets, ticked ones first (so a brand chosen on the home page is never hidden
 * behind "Show more"), plus any brand in the URL that has no listings right now.
 */
function brandOptions(counts: FacetCount[] = [], selected: string[]): FacetOption[] {
  const options = counts.map((facet) => ({ value: facet.value, label: facet.value, count: facet.count }));
  const isSelected = (option: FacetOption) => selected.includes(option.value.toLowerCase());
  const missing = selected.filter((brand) => !options.some((option) => option.value.toLowerCase() === brand));
  return [
    ...missing.map((brand) => ({ value: brand, label: brand, count: 0 })),
    ...options.filter(isSelected),
    ...options.filter((option) => !isSelected(option)),
  ];
}

/** Brands (first 5, then Show more), categories, sizes, conditions with counts, and price. */
export function FilterSidebar({ filters, onChange, onClear, withHeading = true }: FilterSidebarProps) {
  // The server corrects a typo in the facets as it does in the results ("Showing results for
  // jacket"), so the counts are for the words shown, and for the typed ones after `exact`.
  const facets = useFacets(filters);
  const toggle = (key: 'brands' | 'categories' | 'sizes' | 'conditions') => (value: string) =>
    onChange({ [key]: toggleValue(filters[key], value) });
  // Refused filters (a price range whose minimum is above its maximum) have no counts: the
  // server's sentence goes beside the price fields, or under the heading, not empty sections.
  const refused = fieldErrors(facets.error);
  const priceError = refused.minPrice ?? refused.maxPrice ?? null;

  return (
    <Stack gap="md" component="section" aria-label="Filters">
      <Group justify={withHeading ? 'space-between' : 'flex-end'}>
        {withHeading && <Text fw={700}>Filters</Text>}
        {activeFilterCount(filters) > 0 && (
          <Button variant="subtle" size="compact-sm" onClick={onClear}>
            Clear all
          </Button>
        )}
      </Group>
      {facets.isError ? (
        !priceError && (
          <Text size="sm" c="red" role="alert">
            {errorMessage(facets.error, 'The filters could not be loaded.')}
          </Text>
        )
      ) : (
        <>
          {facets.isPending ? (
            <>
              <Stack gap={8} aria-hidden>
                {[0, 1, 2, 3, 4].map((index) => (
                  <Skeleton key={index} height={18} />
                ))}
              </Stack>
              <Divider />
            </>
          ) : (
            <FacetChecklist
              legend="Brand"
              options={brandOptions(facets.data?.brands, filters.brands)}
              selected={filters.brands}
              onToggle={toggle('brands')}
              initial={5}
            />
          )}
          <FacetChecklist
            legend="Category"
            options={enumOptions(CATEGORIES, facets.data?.categories)}
            selected={filters.categories}
            onToggle={toggle('categories')}
            initial={5}
          />
          <FacetChecklist
            legend="Size"
            options={enumOptions(SIZES, facets.data?.sizes)}
            selected={filters.sizes}
            onToggle={toggle('sizes')}
            initial={5}
          />
          <FacetChecklist
            legend="Condition"
            options={enumOptions(CONDITIONS, facets.data?.conditions)}
            selected={filters.conditions}
            onToggle={toggle('conditions')}
          />
        </>
      )}
      <PriceRange
        minPrice={filters.minPrice}
        maxPrice={filters.maxPrice}
        onChange={onChange}
        error={priceError}
      />
    </Stack>
  );
}
