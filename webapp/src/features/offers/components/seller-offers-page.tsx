import { Button, CloseButton, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { SellerHubTabs } from '@/components/seller-hub-tabs';
import { CounterDialog } from '@/entities/offer/counter-dialog';
import type { Offer } from '@/entities/offer/offer';
import { useSellerOfferActions } from '@/entities/offer/use-offer-actions';
import { useMarkSeenOnOpen } from '../api';
import { OfferList } from './offer-list';
import { OffersPageLayout } from './offers-page-layout';
import { SellerOfferCard } from './seller-offer-card';

const TABS = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'rejected', label: 'Rejected' },
];

function productFilter(params: URLSearchParams): number | undefined {
  const id = Number(params.get('productId'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** /seller/offers (Seller Hub): offers on my listings; ?productId= shows one listing's. */
export default function SellerOffersPage() {
  const [params, setParams] = useSearchParams();
  const productId = productFilter(params);
  const [tab, setTab] = useState('all');
  const [countering, setCountering] = useState<Offer | null>(null);
  const actions = useSellerOfferActions();
  useMarkSeenOnOpen('seller', productId);

  const subtitle = productId ? (
    <Group gap={4} component="span">
      <Text span>Showing the offers on one listing.</Text>
      <CloseButton size="sm" aria-label="Show offers on all listings" onClick={() => setParams({})} />
    </Group>
  ) : (
    'Offers buyers made on your listings. Accept one, or counter or reject it from its “More actions” menu (⋯).'
  );

  return (
    <OffersPageLayout
      title="Seller Hub"
      subtitle={subtitle}
      tabs={TABS}
      tab={tab}
      onTab={setTab}
      nav={<SellerHubTabs current="offers" />}
    >
      <OfferList
        side="seller"
        status={tab === 'all' ? '' : tab}
        productId={productId}
        empty={{
          title: tab === 'all' ? 'No offers yet' : `No ${tab} offers`,
          description: 'When buyers make offers on your listings, they show up here.',
          action: (
            <Button component={Link} to="/create-listing">
              List an item
            </Button>
          ),
        }}
        renderCard={(offer) => (
          <SellerOfferCard
            offer={offer}
            busy={actions.pending}
            onAccept={actions.accept}
            onReject={actions.reject}
            onCounter={setCountering}
          />
        )}
      />
      <CounterDialog offer={countering} onClose={() => setCountering(null)} onCounter={actions.counter} />
    </OffersPageLayout>
  );
}
