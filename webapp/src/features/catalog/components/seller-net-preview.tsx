import { Alert, Text } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import { sellerNetCents, toCents, centsToAmount } from '@/entities/product/fees';
import { formatMoney } from '@/lib/formatters';

/** "You'll receive $X.XX after fees": the same formula the server uses (lib/fees.ts). */
export function SellerNetPreview({ price }: { price: string }) {
  const cents = toCents(price);
  const valid = cents !== undefined && cents > 0;
  return (
    <Alert variant="light" color="brand" icon={<IconCoin />} title="Your earnings" aria-live="polite">
      {valid ? (
        <Text size="sm">
          You&apos;ll receive <strong>{formatMoney(centsToAmount(sellerNetCents(cents)))}</strong> after fees
          (5% platform fee, 1.9% processing and $0.10 per sale).
        </Text>
      ) : (
        <Text size="sm">Enter a price to see what you&apos;ll receive after fees.</Text>
      )}
    </Alert>
  );
}
