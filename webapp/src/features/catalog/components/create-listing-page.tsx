import { Container, Stack, Text, Title } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router-dom';
import { NoticePage } from '@/components/notice-page';
import { PageLoader } from '@/components/page-loader';
import { useCurrentUser } from '@/entities/session/session-store';
import { useProduct } from '../api';
import { ListingForm } from './listing-form';

function Heading({ editing }: { editing: boolean }) {
  return (
    <Stack gap={4} mb="lg">
      <Title order={1}>{editing ? 'Edit listing' : 'Sell an item'}</Title>
      <Text c="dimmed">
        {editing
          ? 'Update the details; buyers see changes at once.'
          : 'Good photos and an honest description sell faster.'}
      </Text>
    </Stack>
  );
}

/** /create-listing, and editing at /product/:id/edit (or /create-listing?edit=id). */
export default function CreateListingPage() {
  const [params] = useSearchParams();
  const editId = Number(useParams().id ?? params.get('edit') ?? 0);
  const me = useCurrentUser();
  const product = useProduct(editId);

  if (editId) {
    if (product.isPending) return <PageLoader label="Loading listing" />;
    if (product.isError)
      return (
        <NoticePage title="Failed to load product details">
          Could not load this listing. Please try again.
        </NoticePage>
      );
    if (product.data.sellerId !== me?.id) {
      return (
        <NoticePage title="Not your listing" actionLabel="View listing" actionTo={`/product/${editId}`}>
          You can only edit your own listings.
        </NoticePage>
      );
    }
    // Reserved or sold: the server refuses every edit (409), so say why instead of a form.
    if (product.data.ownerActions?.canEdit === false) {
      return (
        <NoticePage
          title="This listing can't be edited"
          actionLabel="View listing"
          actionTo={`/product/${editId}`}
        >
          {product.data.ownerActions.reason}
        </NoticePage>
      );
    }
  }

  return (
    <Container size="md" py="xl">
      <Heading editing={Boolean(editId)} />
      <ListingForm key={editId} product={editId ? product.data : undefined} />
    </Container>
  );
}
