import { Box, Indicator } from '@mantine/core';
import {
  IconBuildingStore,
  IconCirclePlus,
  IconHeart,
  IconMessageCircle,
  IconUser,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useUnreadMessageCount } from '@/features/messaging/api';
import { useCurrentUser } from '@/entities/session/session-store';
import classes from './mobile-bottom-bar.module.css';

interface Item {
  to: string;
  label: string;
  icon: ReactNode;
  active: boolean;
}

/** Small screens only: Shop, Messages, Sell, Favorites, Profile (the current user's). */
export function MobileBottomBar() {
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const unread = useUnreadMessageCount();
  const items: Item[] = [
    { to: '/marketplace', label: 'Shop', icon: <IconBuildingStore />, active: pathname === '/marketplace' },
    {
      to: '/messages',
      label: 'Messages',
      icon: (
        <Indicator color="red" size={8} disabled={unread === 0}>
          <IconMessageCircle />
        </Indicator>
      ),
      active: pathname.startsWith('/messages'),
    },
    {
      to: '/create-listing',
      label: 'Sell',
      icon: <IconCirclePlus />,
      active: pathname === '/create-listing',
    },
    { to: '/favorites', label: 'Favorites', icon: <IconHeart />, active: pathname === '/favorites' },
    {
      to: user ? `/profile/${user.id}` : '/auth',
      label: 'Profile',
      icon: <IconUser />,
      active: pathname.startsWith('/profile/'),
    },
  ];

  return (
    <Box component="nav" aria-label="Mobile" hiddenFrom="sm" className={classes.bar}>
      {items.map((item) => (
        <Link
          key={item.label}
          to={item.to}
          className={classes.item}
          aria-current={item.active ? 'page' : undefined}
        >
          <span aria-hidden>{item.icon}</span>
          <span>{item.label}</span>
        </Link>
      ))}
    </Box>
  );
}
