import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Offer, OfferPerson } from '@/entities/offer/offer';
import { OfferStatusBadge } from '@/entities/offer/offer-status-badge';
import { OfferThumb } from '@/entities/offer/offer-thumb';
import { formatDate, formatMoney } from '@/lib/formatters';
import classes from './offer-summary.module.css';

function personName(person: OfferPerson | null): string {
  return person ? `${person.displayName} (@${person.username})` : 'Unknown User';
}

interface OfferSummaryProps {
  offer: Offer;
  /** 'From' the buyer on the seller's page, 'To' the seller on the buyer's page. */
  party: 'buyer' | 'seller';
  statusMessage: string;
  children?: ReactNode;
}

/** Photo, title, prices, the other party, date, status and what it means. */
export function OfferSummary({ offer, party, statusMessage, children }: OfferSummaryProps) {
  const person = party === 'buyer' ? offer.buyer : offer.seller;
  return (
    <Group wrap="nowrap" align="flex-start" gap="md">
      <OfferThumb product={offer.product} size={80} />
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <div className={classes.head}>
          <Anchor component={Link} to={`/product/${offer.productId}`} fw={600} className={classes.title}>
            {offer.product.title}
          </Anchor>
          <OfferStatusBadge status={offer.status} />
        </div>
        <Text size="sm">
          Offer <strong>{formatMoney(offer.offerPrice)}</strong>
          {offer.counterPrice && (
            <>
              {' '}
              · Counter <strong>{formatMoney(offer.counterPrice)}</strong>
            </>
          )}
          <Text span c="dimmed" size="sm">
            {' '}
            · Listed {formatMoney(offer.originalPrice)}
          </Text>
        </Text>
        <Text size="xs" c="dimmed">
          {party === 'buyer' ? 'From' : 'To'} {personName(person)} · {formatDate(offer.createdAt)}
        </Text>
        {offer.message && (
          <Text size="sm" fs="italic" style={{ overflowWrap: 'anywhere' }}>
            “{offer.message}”
          </Text>
        )}
        <Text size="sm" c="dimmed" role="status">
          {statusMessage}
        </Text>
        {children}
      </Stack>
    </Group>
  );
}
