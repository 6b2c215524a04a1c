import { Button } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AcceptCounterDialog } from '@/entities/offer/accept-counter-dialog';
import type { Offer } from '@/entities/offer/offer';
import { useBuyerOfferActions } from '@/entities/offer/use-offer-actions';
import { useMarkSeenOnOpen } from '../api';
import { BuyerOfferCard } from './buyer-offer-card';
import { OfferList } from './offer-list';
import { OffersPageLayout } from './offers-page-layout';

const TABS = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'countered', label: 'Countered' },
];

/** /buyer/offers (My Offers): offers I made, counters to answer, accepted ones to pay. */
export default function BuyerOffersPage() {
  const [tab, setTab] = useState('all');
  const [confirming, setConfirming] = useState<Offer | null>(null);
  const actions = useBuyerOfferActions();
  useMarkSeenOnOpen('buyer');

  return (
    <OffersPageLayout
      title="My Offers"
      subtitle="Offers you made, and what the sellers answered."
      tabs={TABS}
      tab={tab}
      onTab={setTab}
    >
      <OfferList
        side="buyer"
        status={tab === 'all' ? '' : tab}
        empty={{
          title: tab === 'all' ? 'No offers yet' : `No ${tab} offers`,
          description: 'Find something you like and tap Make an Offer on its page.',
          action: (
            <Button component={Link} to="/marketplace">
              Browse Marketplace
            </Button>
          ),
        }}
        renderCard={(offer) => (
          <BuyerOfferCard
            offer={offer}
            busy={actions.pending}
            onAcceptCounter={setConfirming}
            onDeclineCounter={actions.declineCounter}
            onWithdraw={actions.withdraw}
          />
        )}
      />
      <AcceptCounterDialog
        offer={confirming}
        loading={actions.pending}
        onClose={() => setConfirming(null)}
        onConfirm={(offer) => actions.acceptCounter(offer, () => setConfirming(null))}
      />
    </OffersPageLayout>
  );
}
