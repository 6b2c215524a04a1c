import { Alert } from '@mantine/core';
import { ProductGrid } from '@/entities/product/product-grid';
import { useDeferredData } from '@/lib/use-deferred-data';
import { useSimilarProducts } from '../api';
import { SectionHeader } from './section-header';

const ROW_COLS = { base: 2, '820px': 4 };

/** The product page's "Similar items" row: available lookalikes from the search engine. */
export function SimilarItems({ productId }: { productId: number }) {
  const similar = useSimilarProducts(productId);
  // The cards render in the background when they arrive (a row of twelve was one long task).
  const { data, waiting } = useDeferredData(similar);
  const items = data?.items ?? [];
  if (data && items.length === 0) return null; // nothing alike: no empty row
  return (
    <section aria-labelledby="similar-items" aria-busy={waiting}>
      <SectionHeader id="similar-items" title="Similar items" subtitle="Available pieces like this one" />
      {similar.isError ? (
        <Alert color="red" title="Failed to load similar items" role="alert">
          Refresh the page to try again.
        </Alert>
      ) : (
        <ProductGrid products={items} loadingCount={waiting ? 4 : 0} cols={ROW_COLS} />
      )}
    </section>
  );
}
