import { Anchor, Button, Container, Group } from '@mantine/core';
import { IconHeart, IconMessageCircle, IconPackage, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useUnreadMessageCount } from '@/features/messaging/api';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useSessionStore } from '@/entities/session/session-store';
import { AccountMenu } from './account-menu';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { HeaderIconLink } from './header-icon-link';
import { NavTabs } from './nav-tabs';
import classes from './site-header.module.css';

function messagesLabel(unread: number): string {
  return unread > 0 ? `Messages, ${unread} unread` : 'Messages';
}

/**
 * Sticky header: brand, actions, account, and the second row of navigation tabs.
 * On phones Messages and Favorites live in the bottom bar, so the header keeps only what fits.
 */
export function SiteHeader() {
  const user = useSessionStore((state) => state.user);
  const status = useSessionStore((state) => state.status);
  const unread = useUnreadMessageCount();

  return (
    <header className={classes.header}>
      <Container size="xl" className={classes.topRow}>
        <Anchor component={Link} to="/" className={classes.brand} underline="never">
          Rethread
        </Anchor>
        <Group gap={4} wrap="nowrap">
          {user && (
            <Button
              component={Link}
              to="/create-listing"
              leftSection={<IconPlus size={16} />}
              visibleFrom="sm"
              mr="xs"
            >
              Sell an Item
            </Button>
          )}
          <HeaderIconLink
            to="/messages"
            label={messagesLabel(unread)}
            icon={<IconMessageCircle size={20} />}
            dot={unread > 0}
            visibleFrom="sm"
          />
          {user && <NotificationBell />}
          <HeaderIconLink to="/orders" label="Orders" icon={<IconPackage size={20} />} visibleFrom="sm" />
          <HeaderIconLink
            to="/favorites"
            label="Favorites"
            icon={<IconHeart size={20} />}
            visibleFrom="sm"
          />
          <ColorSchemeToggle />
          {user && <AccountMenu user={user} />}
          {status === 'anonymous' && (
            <Button component={Link} to="/auth" variant="light" ml="xs">
              Login / Sign Up
            </Button>
          )}
        </Group>
      </Container>
      <NavTabs signedIn={user !== null} />
    </header>
  );
}
