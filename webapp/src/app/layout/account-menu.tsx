import { Avatar, Menu, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconBell,
  IconDashboard,
  IconHeart,
  IconLogout,
  IconPackage,
  IconSettings,
  IconTag,
  IconUser,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useLogout } from '@/features/auth/use-logout';
import { displayNameOf, isAdmin, type User } from '@/entities/user/user';

const ICON = 16;

/** The signed-in user's dropdown: My Account links, the Admin section for admins, Logout. */
export function AccountMenu({ user }: { user: User }) {
  const logout = useLogout();
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        {/* Named by its text, not aria-label: the avatar's initials are visible text too. */}
        <UnstyledButton ml="xs">
          <VisuallyHidden>Account menu</VisuallyHidden>
          <Avatar
            src={user.avatarUrl}
            alt=""
            name={displayNameOf(user)}
            color="brand"
            size={34}
            aria-hidden
          />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>My Account</Menu.Label>
        <Menu.Item component={Link} to={`/profile/${user.id}`} leftSection={<IconUser size={ICON} />}>
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={ICON} />}>
          Edit Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/orders" leftSection={<IconPackage size={ICON} />}>
          Orders
        </Menu.Item>
        <Menu.Item component={Link} to="/buyer/offers" leftSection={<IconTag size={ICON} />}>
          My Offers
        </Menu.Item>
        <Menu.Item component={Link} to="/favorites" leftSection={<IconHeart size={ICON} />}>
          Favorites
        </Menu.Item>
        <Menu.Item component={Link} to="/saved-searches" leftSection={<IconBell size={ICON} />}>
          Saved searches
        </Menu.Item>
        {isAdmin(user) && (
          <>
            <Menu.Divider />
            <Menu.Label>Admin</Menu.Label>
            <Menu.Item component={Link} to="/admin" leftSection={<IconDashboard size={ICON} />}>
              Admin Dashboard
            </Menu.Item>
          </>
        )}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={ICON} />} onClick={() => void logout()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
