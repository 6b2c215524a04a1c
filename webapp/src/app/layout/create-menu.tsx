import { Button, Menu } from '@mantine/core';
import { IconCamera, IconChevronDown, IconPlus, IconTag } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

/** The header's Sell / Create menu: list an item or post a style. */
export function CreateMenu() {
  return (
    <Menu position="bottom-end" width={200} shadow="md">
      <Menu.Target>
        <Button
          leftSection={<IconPlus size={16} />}
          rightSection={<IconChevronDown size={14} />}
          visibleFrom="sm"
          mr="xs"
        >
          Sell / Create
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/create-listing" leftSection={<IconTag size={16} />}>
          Sell an Item
        </Menu.Item>
        <Menu.Item component={Link} to="/post/new" leftSection={<IconCamera size={16} />}>
          New Style Post
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
