import { Alert, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCoin } from '@tabler/icons-react';
import { sellerNetCents, toCents, centsToAmount } from '@/entities/product/fees';
import { formatMoney } from '@/lib/formatters';
import { PAYOUT_FEES } from '@/lib/policy';

/** How long the price must rest before its earnings are announced (not on every keystroke). */
export const EARNINGS_ANNOUNCE_MS = 800;

function earnings(price: string): string | null {
  const cents = toCents(price);
  return cents !== undefined && cents > 0 ? formatMoney(centsToAmount(sellerNetCents(cents))) : null;
}

/**
 * "You'll receive $X.XX after fees": the same formula the server uses (lib/fees.ts). The box is
 * information, not an alert (role="note", the theme's default: nothing is announced on load); the
 * figure alone is said politely once the price has rested, by a live region of its own.
 */
export function SellerNetPreview({ price }: { price: string }) {
  const net = earnings(price);
  const [settled] = useDebouncedValue(net, EARNINGS_ANNOUNCE_MS);
  return (
    <Alert variant="light" color="brand" icon={<IconCoin />} title="Your earnings">
      {net ? (
        <Text size="sm">
          You&apos;ll receive <strong>{net}</strong> after fees ({PAYOUT_FEES}).
        </Text>
      ) : (
        <Text size="sm">Enter a price to see what you&apos;ll receive after fees.</Text>
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {settled ? `You'll receive ${settled} after fees.` : ''}
      </VisuallyHidden>
    </Alert>
  );
}
