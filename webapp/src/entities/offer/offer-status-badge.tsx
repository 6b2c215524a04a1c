import { Badge } from '@mantine/core';
import type { OfferStatus } from './offer';
import { STATUS_COLOR, STATUS_LABEL } from './offer-status';

export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" style={{ flexShrink: 0 }}>
      {STATUS_LABEL[status]}
    </Badge>
  );
}
