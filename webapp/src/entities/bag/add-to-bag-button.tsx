import { ActionIcon, Button } from '@mantine/core';
import { IconShoppingBagCheck, IconShoppingBagPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { HoverTooltip } from '@/components/hover-tooltip';
import type { Product } from '@/entities/product/product';
import { promptLogin } from '@/entities/session/login-prompt';
import { useSessionStore } from '@/entities/session/session-store';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useAddToBag, useBag } from './bag';

function useBagToggle(product: Product) {
  const signedIn = useSessionStore((state) => state.status === 'authenticated');
  const bag = useBag();
  const add = useAddToBag();
  const inBag = bag.data?.groups.some((g) => g.items.some((i) => i.product.id === product.id)) ?? false;
  const addToBag = () => {
    if (!signedIn) return promptLogin('add items to your bag');
    add.mutate(product.id, {
      onSuccess: () => notifySuccess('Added to your bag', product.title),
      onError: (error) =>
        notifyError(
          errorMessage(error, 'Could not add this item to your bag. Please try again.'),
          'Not added',
        ),
    });
  };
  return { inBag, addToBag, pending: add.isPending };
}

/** "Add to bag" on the product page; "In your bag" (a link to /bag) once it is. */
export function AddToBagButton({ product, disabled = false }: { product: Product; disabled?: boolean }) {
  const { inBag, addToBag, pending } = useBagToggle(product);
  if (inBag) {
    return (
      <Button
        component={Link}
        to="/bag"
        variant="light"
        size="md"
        leftSection={<IconShoppingBagCheck size={18} />}
      >
        In your bag
      </Button>
    );
  }
  return (
    <Button
      variant="outline"
      size="md"
      leftSection={<IconShoppingBagPlus size={18} />}
      onClick={addToBag}
      loading={pending}
      disabled={disabled || product.status !== 'available'}
    >
      Add to bag
    </Button>
  );
}

/** The small icon version for product cards. An away seller's item cannot be bagged: the
 *  button is disabled and says why (`seller.away`, as the server read it with the card). It
 *  stays focusable and hoverable (`data-disabled`, not `disabled`) so its tooltip shows. */
export function AddToBagIcon({ product, className }: { product: Product; className?: string }) {
  const { inBag, addToBag, pending } = useBagToggle(product);
  const away = !inBag && product.seller?.away === true;
  const awayNotice = product.seller?.awayNotice ?? 'Seller away';
  const label = inBag
    ? `${product.title} is in your bag`
    : away
      ? `${awayNotice}: ${product.title} cannot be added to your bag`
      : `Add ${product.title} to bag`;
  return (
    <HoverTooltip label={inBag ? 'In your bag' : away ? awayNotice : 'Add to bag'}>
      <ActionIcon
        className={className}
        variant={inBag ? 'filled' : 'default'}
        radius="xl"
        size="md"
        aria-label={label}
        aria-pressed={inBag}
        aria-disabled={away || undefined}
        data-disabled={away || undefined}
        loading={pending}
        disabled={product.status !== 'available' && !inBag}
        onClick={(event) => {
          event.preventDefault();
          event.stopPropagation();
          if (!inBag && !away) addToBag();
        }}
      >
        {inBag ? <IconShoppingBagCheck size={16} /> : <IconShoppingBagPlus size={16} />}
      </ActionIcon>
    </HoverTooltip>
  );
}
