import { Anchor, Breadcrumbs, Container, Divider, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { NoticePage } from '@/components/notice-page';
import { PageLoader } from '@/components/page-loader';
import { isApiError } from '@/lib/api-client';
import { useFirstViewHandoff } from '@/lib/first-view';
import { useDeferredData } from '@/lib/use-deferred-data';
import { formatMoney } from '@/lib/formatters';
import { summary, usePageMeta } from '@/lib/page-meta';
import { categoryLabel } from '@/entities/product/catalog-enums';
import { useCountView } from '@/entities/product/figures';
import type { Product } from '@/entities/product/product';
import { useProduct } from '../api';
import classes from './product-page.module.css';
import { ProductGallery } from './product-gallery';
import { ProductSummary } from './product-summary';
import { ProductTabs } from './product-tabs';
import { SimilarItems } from './similar-items';
import { StyledPosts } from './styled-posts';

/** Shop › category › title, above the photos (the server's first view shows it too). */
function ProductBreadcrumbs({ product }: { product: Product }) {
  return (
    <Breadcrumbs mb="md" separator="›">
      <Anchor component={Link} to="/marketplace" size="sm">
        Shop
      </Anchor>
      <Anchor component={Link} to={`/marketplace?category=${product.category}`} size="sm">
        {categoryLabel(product.category)}
      </Anchor>
      <Text size="sm" c="dimmed" truncate maw={260}>
        {product.title}
      </Text>
    </Breadcrumbs>
  );
}

/** /product/:id and /products/:id: photos, details, buying actions, seller, similar items, styling posts. */
/** The product page's frame: breadcrumbs, then the photos beside the summary, the tabs and
 *  what follows below. The server's first view renders it too, with the headline as the
 *  summary (app/first-view-templates.tsx). */
export function ProductFrame({
  product,
  summary,
  tabs,
  children,
}: {
  product: Product;
  summary: ReactNode;
  tabs?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Container size="xl" py="lg">
      <ProductBreadcrumbs product={product} />
      <div className={classes.layout}>
        <div className={classes.gallery}>
          <ProductGallery product={product} />
        </div>
        <div className={classes.summary}>{summary}</div>
        {tabs && <div className={classes.tabs}>{tabs}</div>}
      </div>
      {children}
    </Container>
  );
}

export default function ProductPage() {
  const id = Number(useParams().id);
  const product = useProduct(id);
  // A product of the page before is never shown under this one's URL.
  const deferred = useDeferredData(product).data;
  const found = deferred?.id === id ? deferred : undefined;
  // A view is counted once the listing is shown (never for a page that says "not found").
  useCountView(found?.id);
  const valid = Number.isInteger(id) && id > 0;
  // The first view (photo, title, price) stays until the page shows the product.
  useFirstViewHandoff(!valid || product.isError || found !== undefined);
  usePageMeta(
    found
      ? { title: `${found.title} — ${formatMoney(found.price)}`, description: summary(found.description) }
      : product.isError
        ? { title: 'Product not found' }
        : { title: 'Product', pending: true },
  );

  if (!valid || isApiError(product.error, 404)) {
    return (
      <NoticePage title="Product not found" actionLabel="Browse Marketplace" actionTo="/marketplace">
        This listing does not exist or has been removed.
      </NoticePage>
    );
  }
  if (product.isError) {
    return (
      <NoticePage title="Failed to load product details">
        Could not load product details. Please try again.
      </NoticePage>
    );
  }
  if (found === undefined) return <PageLoader label="Loading product" />;

  const item = found;
  return (
    <ProductFrame
      product={item}
      summary={<ProductSummary product={item} />}
      tabs={<ProductTabs product={item} />}
    >
      <Divider my="xl" />
      <SimilarItems key={item.id} productId={item.id} />
      <Divider my="xl" />
      <StyledPosts productId={item.id} />
    </ProductFrame>
  );
}
