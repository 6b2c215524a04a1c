import { ActionIcon } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useFavoriteToggle, useIsFavorite, type FavoriteToggleOptions } from './favorites';
import { promptLogin } from '@/entities/session/login-prompt';
import type { Product } from '@/entities/product/product';
import { useSessionStore } from '@/entities/session/session-store';

/** The heart on a product card: save or unsave, optimistic; visitors get a login prompt.
 *  None on the shopper's own listings (the server refuses a seller watching their own). */
interface FavoriteButtonProps {
  product: Product;
  className?: string;
  options?: FavoriteToggleOptions;
}

export function FavoriteButton({ product, className, options }: FavoriteButtonProps) {
  const signedIn = useSessionStore((state) => state.status === 'authenticated');
  const mine = useSessionStore((state) => state.user?.id === product.sellerId);
  const saved = useIsFavorite(product.id);
  const toggle = useFavoriteToggle(options);
  if (mine) return null;

  function handleClick() {
    if (!signedIn) return promptLogin('save items');
    toggle.mutate({ product, favorite: !saved });
  }

  return (
    <ActionIcon
      className={className}
      variant="white"
      color={saved ? 'red' : 'dark'}
      radius="xl"
      size="lg"
      aria-label={saved ? `Remove ${product.title} from favorites` : `Save ${product.title}`}
      aria-pressed={saved}
      onClick={handleClick}
    >
      {saved ? <IconHeartFilled size={18} /> : <IconHeart size={18} />}
    </ActionIcon>
  );
}
