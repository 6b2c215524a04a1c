import { Anchor, Box, Button, Container, Group } from '@mantine/core';
import { lazy, Suspense, useRef } from 'react';
import { IconHeart, IconMessageCircle, IconPackage } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useUnreadMessageCount } from '@/features/messaging/api';
import { HeaderSearch } from '@/features/catalog/components/header-search';
import { useSessionStore } from '@/entities/session/session-store';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { HeaderIconLink } from './header-icon-link';
import { NavTabs } from './nav-tabs';
import classes from './site-header.module.css';
import { useHeaderHeight } from './use-header-height';
import { useAuthLink } from '@/entities/session/return-to';

// A member's own controls (menus, the bell, the bag) load after the first page: visitors,
// most first views, never need their menus and popovers (test_e2e_page_weight.py's budget).
const CreateMenu = lazy(() => import('./create-menu').then((m) => ({ default: m.CreateMenu })));
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));
const NotificationBell = lazy(() =>
  import('@/features/notifications/components/notification-bell').then((m) => ({
    default: m.NotificationBell,
  })),
);
const BagLink = lazy(() =>
  import('@/features/bag/components/bag-link').then((m) => ({ default: m.BagLink })),
);

function messagesLabel(unread: number): string {
  return unread > 0 ? `Messages, ${unread} unread` : 'Messages';
}

/**
 * Sticky header: brand, the search box, actions, account, and the second row of navigation tabs.
 * On phones the top row is compact (a short brand mark, search first, then the bell and the
 * account); Shop, Messages, Sell, Favorites and Profile live in the bottom bar, and the tabs
 * row keeps every other route (Seller Hub and My Offers with their badges).
 */
export function SiteHeader() {
  const authLink = useAuthLink();
  const user = useSessionStore((state) => state.user);
  const status = useSessionStore((state) => state.status);
  const unread = useUnreadMessageCount();
  const header = useRef<HTMLElement>(null);
  useHeaderHeight(header);

  return (
    <header ref={header} className={classes.header}>
      <Container size="xl" className={classes.topRow}>
        <Anchor component={Link} to="/" className={classes.brand} underline="never" visibleFrom="sm">
          Rethread
        </Anchor>
        <Anchor
          component={Link}
          to="/"
          className={classes.mark}
          underline="never"
          hiddenFrom="sm"
          aria-label="Rethread home"
        >
          R
        </Anchor>
        <HeaderSearch />
        <Group gap={4} wrap="nowrap" className={classes.actions}>
          {user && (
            <Suspense fallback={null}>
              <CreateMenu />
            </Suspense>
          )}
          <HeaderIconLink
            to="/messages"
            label={messagesLabel(unread)}
            icon={<IconMessageCircle size={20} />}
            dot={unread > 0}
            visibleFrom="sm"
          />
          {user && (
            <Suspense fallback={null}>
              <NotificationBell />
              <BagLink />
            </Suspense>
          )}
          <HeaderIconLink to="/orders" label="Orders" icon={<IconPackage size={20} />} visibleFrom="sm" />
          <HeaderIconLink to="/favorites" label="Favorites" icon={<IconHeart size={20} />} visibleFrom="sm" />
          <Box visibleFrom="sm">
            <ColorSchemeToggle />
          </Box>
          {user && (
            <Suspense fallback={null}>
              <AccountMenu user={user} />
            </Suspense>
          )}
          {status === 'anonymous' && (
            <Button
              component={Link}
              to={authLink}
              variant="light"
              ml={{ base: 0, sm: 'xs' }}
              px={{ base: 'xs', sm: 'md' }}
            >
              Login / Sign Up
            </Button>
          )}
        </Group>
      </Container>
      <NavTabs signedIn={user !== null} />
    </header>
  );
}
