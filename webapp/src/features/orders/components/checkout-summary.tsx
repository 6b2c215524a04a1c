import { Card, Collapse, Group, Image, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { useId } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/formatters';
import type { useQuote } from '../api';
import type { CheckoutLine } from './checkout-page';
import { OrderTotals } from './order-totals';

interface CheckoutSummaryProps {
  lines: CheckoutLine[];
  available: boolean;
  quote: ReturnType<typeof useQuote>;
  /** The server refused the total for good (the page says why above the steps). */
  refused?: boolean;
}

/** The order summary: beside the steps on a laptop; on a phone above them, folded to one line
 *  with the total (as shops do), opened with "Show order summary". */
export function CheckoutSummary({ lines, available, quote, refused = false }: CheckoutSummaryProps) {
  const several = lines.length > 1;
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const [opened, { toggle }] = useDisclosure(false);
  const contentId = useId();
  return (
    <Card withBorder>
      <UnstyledButton
        hiddenFrom="md"
        onClick={toggle}
        aria-expanded={opened}
        aria-controls={contentId}
        py={4}
        w="100%"
      >
        <Group justify="space-between" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            <Text fw={600} c="brand">
              {opened ? 'Hide order summary' : 'Show order summary'}
            </Text>
            <IconChevronDown
              size={16}
              aria-hidden
              style={{ transform: opened ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
            />
          </Group>
          <Text fw={700}>{quote.data ? formatMoney(quote.data.total) : ''}</Text>
        </Group>
      </UnstyledButton>
      <Collapse expanded={opened || wide} id={contentId}>
        <Stack gap="sm" pt={wide ? 0 : 'sm'}>
          <Title order={2} size="h4">
            Order summary
          </Title>
          {lines.map((line) => (
            <Group key={line.id} wrap="nowrap" align="flex-start">
              {line.image && (
                <Image
                  src={line.image}
                  alt={line.title}
                  w={several ? 48 : 64}
                  h={several ? 48 : 64}
                  radius="sm"
                  fit="cover"
                />
              )}
              <Text fw={500} size={several ? 'sm' : undefined} style={{ flex: 1 }}>
                {line.title}
              </Text>
              {line.price !== undefined && (
                <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(line.price)}
                </Text>
              )}
            </Group>
          ))}
          {quote.data && <OrderTotals totals={quote.data} />}
          {quote.isPending && available && <Skeleton h={96} />}
          {quote.isError && !refused && (
            <LoadFailed
              title="Could not compute the total"
              description={errorMessage(quote.error, 'Please try again.')}
              onRetry={() => void quote.refetch()}
            />
          )}
        </Stack>
      </Collapse>
    </Card>
  );
}
