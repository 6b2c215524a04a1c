import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconEye, IconInbox, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import type { Product } from '@/entities/product/product';
import { useDeleteListing } from '../api';
import { ShareListingButton } from './share-listing';
import { WatcherOfferDialog } from './watcher-offer-dialog';

/** What the listing's owner sees instead of buying: View Offers, Edit, Delete, Share. */
export function OwnerActions({ product }: { product: Product }) {
  const [confirmOpen, confirm] = useDisclosure(false);
  const [offering, offer] = useDisclosure(false);
  const remove = useDeleteListing();
  const navigate = useNavigate();

  function deleteListing() {
    remove.mutate(product.id, {
      onSuccess: () => {
        notifySuccess('Listing deleted', `${product.title} is no longer for sale.`);
        navigate(`/profile/${product.sellerId}`, { replace: true });
      },
      onError: (error) => notifyError(errorMessage(error, 'Failed to delete listing. Please try again.')),
    });
  }

  return (
    <Stack gap="sm">
      <Button
        component={Link}
        to={`/seller/offers?productId=${product.id}`}
        size="md"
        leftSection={<IconInbox size={18} />}
      >
        View Offers
      </Button>
      {product.status === 'available' && product.watchCount > 0 && (
        <Button variant="light" size="md" leftSection={<IconEye size={18} />} onClick={offer.open}>
          Offer to watchers
        </Button>
      )}
      <WatcherOfferDialog product={product} opened={offering} onClose={offer.close} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Button
          component={Link}
          to={`/product/${product.id}/edit`}
          variant="default"
          leftSection={<IconPencil size={18} />}
        >
          Edit listing
        </Button>
        <Button variant="light" color="red" leftSection={<IconTrash size={18} />} onClick={confirm.open}>
          Delete listing
        </Button>
      </SimpleGrid>
      <ShareListingButton />
      <ConfirmDialog
        opened={confirmOpen}
        onCancel={confirm.close}
        title="Delete this listing?"
        cancelLabel="Keep listing"
        confirmLabel="Delete listing"
        confirmColor="red"
        pending={remove.isPending}
        onConfirm={deleteListing}
      >
        <Text size="sm">
          {product.title} will be removed from the shop and from every watch list. This cannot be undone.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
