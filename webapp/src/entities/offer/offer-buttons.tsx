import { Button } from '@mantine/core';
import { IconCheck, IconCreditCard, IconX } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useItemLabel } from '@/components/item-label';
import type { Offer } from './offer';
import { buyerNextStep } from './offer-status';

interface AnswerButtonProps {
  /** The visible words; on an offer card the name adds the offer (components/item-label). */
  children: string;
  onClick: () => void;
  loading?: boolean;
  disabled?: boolean;
}

/** Yes to an offer or a counter: one look wherever an offer is answered (the thread, the
 *  offer pages). */
export function AcceptOfferButton({ children, ...props }: AnswerButtonProps) {
  const itemLabel = useItemLabel();
  return (
    <Button
      size="xs"
      color="green"
      leftSection={<IconCheck size={14} />}
      aria-label={itemLabel(children)}
      {...props}
    >
      {children}
    </Button>
  );
}

/** No to an offer or a counter, beside its AcceptOfferButton. */
export function DeclineOfferButton({ children, ...props }: AnswerButtonProps) {
  const itemLabel = useItemLabel();
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconX size={14} />}
      aria-label={itemLabel(children)}
      {...props}
    >
      {children}
    </Button>
  );
}

/** The buyer's next step on an accepted offer (Pay Now, then the order once placed, quieter);
 *  nothing before it is accepted. */
export function BuyerNextStepButton({ offer }: { offer: Offer }) {
  const itemLabel = useItemLabel();
  const next = buyerNextStep(offer);
  if (!next) return null;
  return (
    <Button
      size="xs"
      component={Link}
      to={next.to}
      leftSection={<IconCreditCard size={14} />}
      variant={offer.orderId ? 'light' : 'filled'}
      aria-label={itemLabel(next.label)}
    >
      {next.label}
    </Button>
  );
}
