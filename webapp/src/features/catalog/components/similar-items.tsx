import { Alert } from '@mantine/core';
import { ProductGrid } from '@/entities/product/product-grid';
import { useSimilarProducts } from '../api';
import { SectionHeader } from './section-header';

const ROW_COLS = { base: 2, '820px': 4 };

/** The product page's "Similar items" row: available lookalikes from the search engine. */
export function SimilarItems({ productId }: { productId: number }) {
  const similar = useSimilarProducts(productId);
  const items = similar.data?.items ?? [];
  if (similar.isSuccess && items.length === 0) return null; // nothing alike: no empty row
  return (
    <section aria-labelledby="similar-items" aria-busy={similar.isPending}>
      <SectionHeader id="similar-items" title="Similar items" subtitle="Available pieces like this one" />
      {similar.isError ? (
        <Alert color="red" title="Failed to load similar items">
          Refresh the page to try again.
        </Alert>
      ) : (
        <ProductGrid products={items} loadingCount={similar.isPending ? 4 : 0} cols={ROW_COLS} />
      )}
    </section>
  );
}
