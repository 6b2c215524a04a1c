import { Badge, Container, VisuallyHidden } from '@mantine/core';
import { NavLink } from 'react-router-dom';
import { useOfferNotifications } from '@/features/offers/api';
import classes from './nav-tabs.module.css';

interface Tab {
  to: string;
  label: string;
  count?: number;
  /** Also on phones (Home is the brand mark there and Shop the bottom bar's first item). */
  phone?: boolean;
}

function TabLink({ to, label, count = 0, phone = true }: Tab) {
  return (
    <NavLink to={to} end={to === '/'} className={phone ? classes.tab : `${classes.tab} ${classes.wideOnly}`}>
      {label}
      {count > 0 && (
        <>
          <Badge color="red" size="sm" circle aria-hidden>
            {count}
          </Badge>
          <VisuallyHidden>{` (${count} new)`}</VisuallyHidden>
        </>
      )}
    </NavLink>
  );
}

/** Second header row, on phones too (scrolling sideways if it must); NavLink marks the
 *  current route's tab with aria-current="page". */
export function NavTabs({ signedIn }: { signedIn: boolean }) {
  const { acceptedBuyerOffers, newSellerOffers } = useOfferNotifications();
  const tabs: Tab[] = [
    { to: '/', label: 'Home', phone: false },
    { to: '/marketplace', label: 'Shop', phone: false },
    { to: '/feed', label: 'Style Feed' },
    { to: '/blog', label: 'Blog' },
  ];
  if (signedIn) {
    tabs.push(
      { to: '/orders', label: 'My Orders' },
      { to: '/buyer/offers', label: 'My Offers', count: acceptedBuyerOffers },
      { to: '/seller/offers', label: 'Seller Hub', count: newSellerOffers },
    );
  }
  return (
    <nav aria-label="Main">
      <Container size="xl" className={classes.row}>
        {tabs.map((tab) => (
          <TabLink key={tab.to} {...tab} />
        ))}
      </Container>
    </nav>
  );
}
