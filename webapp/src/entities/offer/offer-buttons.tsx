import { Button } from '@mantine/core';
import { IconCheck, IconCreditCard, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Offer } from './offer';
import { buyerNextStep } from './offer-status';

interface AnswerButtonProps {
  children: ReactNode;
  onClick: () => void;
  loading?: boolean;
  disabled?: boolean;
}

/** Yes to an offer or a counter: one look wherever an offer is answered (the thread, the
 *  offer pages). */
export function AcceptOfferButton({ children, ...props }: AnswerButtonProps) {
  return (
    <Button size="xs" color="green" leftSection={<IconCheck size={14} />} {...props}>
      {children}
    </Button>
  );
}

/** No to an offer or a counter, beside its AcceptOfferButton. */
export function DeclineOfferButton({ children, ...props }: AnswerButtonProps) {
  return (
    <Button size="xs" variant="default" leftSection={<IconX size={14} />} {...props}>
      {children}
    </Button>
  );
}

/** The buyer's next step on an accepted offer (Pay Now, then the order once placed, quieter);
 *  nothing before it is accepted. */
export function BuyerNextStepButton({ offer }: { offer: Offer }) {
  const next = buyerNextStep(offer);
  if (!next) return null;
  return (
    <Button
      size="xs"
      component={Link}
      to={next.to}
      leftSection={<IconCreditCard size={14} />}
      variant={offer.orderId ? 'light' : 'filled'}
    >
      {next.label}
    </Button>
  );
}
