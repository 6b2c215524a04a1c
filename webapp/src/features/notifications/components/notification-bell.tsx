import { ActionIcon, Center, Indicator, Loader, Popover } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useBell } from '../api';

// The list, its scroll area and icons load the first time the bell opens, not with every page.
const NoticePanel = lazy(() => import('./notice-panel'));

/** The header's bell: unread count (live over the socket), the newest notices, mark-all-read. */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const bell = useBell();
  const unread = bell.data?.pages[0]?.unreadCount ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" withArrow>
      {/* The target is the button itself: aria-expanded on the indicator's div is not allowed. */}
      <Indicator color="red" size={16} offset={6} label={unread > 9 ? '9+' : unread} disabled={unread === 0}>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={label}
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} aria-label="Notifications">
        <Suspense
          fallback={
            <Center py="lg">
              <Loader size="sm" aria-label="Loading notifications" />
            </Center>
          }
        >
          <NoticePanel onDone={() => setOpened(false)} />
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  );
}
