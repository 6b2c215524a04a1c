import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconEye, IconInbox, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  UNAVAILABLE_LABEL,
  type OwnerActions as Rights,
  type Product,
  type ProductStatus,
} from '@/entities/product/product';
import { useDeleteListing } from '../api';
import { ShareListingButton } from './share-listing';
import { WatcherOfferDialog } from './watcher-offer-dialog';

/** The status a seller's listing is locked in, as a badge beside the server's sentence. */
const LOCKED: Partial<Record<ProductStatus, string>> = {
  reserved: UNAVAILABLE_LABEL.reserved,
  sold: UNAVAILABLE_LABEL.sold,
};

/** Why Edit or Delete is not offered: the status's badge and the server's own sentence (the one
 *  its 409 would answer), so the seller reads it before trying. */
function LockedNote({ status, reason }: { status: ProductStatus; reason: string }) {
  const label = LOCKED[status];
  return (
    <Paper withBorder radius="md" p="sm">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {label && (
          <Badge color="gray.7" variant="filled" radius="sm" style={{ flex: 'none' }}>
            {label}
          </Badge>
        )}
        <Text size="sm">{reason}</Text>
      </Group>
    </Paper>
  );
}

/** An answer without the seller's rights (an older cached one) offers both, as before: the
 *  server still refuses what its rule forbids. */
const UNKNOWN: Rights = { canEdit: true, canDelete: true, reason: null };

/** What the listing's owner sees instead of buying: View Offers, Edit and Delete when the server
 *  allows them (`ownerActions`), else why not, and Share. */
export function OwnerActions({ product }: { product: Product }) {
  const rights = product.ownerActions ?? UNKNOWN;
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
      {rights.reason && <LockedNote status={product.status} reason={rights.reason} />}
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
      {(rights.canEdit || rights.canDelete) && (
        <SimpleGrid cols={{ base: 1, xs: rights.canEdit && rights.canDelete ? 2 : 1 }} spacing="sm">
          {rights.canEdit && (
            <Button
              component={Link}
              to={`/product/${product.id}/edit`}
              variant="default"
              leftSection={<IconPencil size={18} />}
            >
              Edit listing
            </Button>
          )}
          {rights.canDelete && (
            <Button variant="light" color="red" leftSection={<IconTrash size={18} />} onClick={confirm.open}>
              Delete listing
            </Button>
          )}
        </SimpleGrid>
      )}
      <ShareListingButton />
      <ConfirmDialog
        opened={confirmOpen}
        onCancel={confirm.close}
        title="Delete this listing?"
        cancelLabel="Keep listing"
        focusCancel
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
