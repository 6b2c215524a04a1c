import { ActionIcon, Center, Indicator, Loader, Popover, VisuallyHidden } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useBell, type NoticePage } from '../api';

// The list, its scroll area and icons load the first time the bell opens, not with every page.
const NoticePanel = lazy(() => import('./notice-panel'));

/** What a screen reader hears when notices arrive while the page is open: the newest one's
 *  title, or how many came. Nothing on the first load, nor when the count goes down. */
export function arrivalAnnouncement(before: number | undefined, page: NoticePage | undefined): string {
  if (before === undefined || !page || page.unreadCount <= before) return '';
  const arrived = page.unreadCount - before;
  const newest = page.items.find((notice) => !notice.read);
  return arrived === 1 && newest ? `New notification: ${newest.title}` : `${arrived} new notifications`;
}

/** The bell's polite live region: the badge changes silently, so arrivals are said here. */
function useArrivalAnnouncement(page: NoticePage | undefined): string {
  const [said, setSaid] = useState('');
  const before = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!page) return;
    const text = arrivalAnnouncement(before.current, page);
    before.current = page.unreadCount;
    if (text) setSaid(text);
  }, [page]);
  return said;
}

/** The header's bell: unread count (live over the socket), the newest notices, mark-all-read.
 *  Opening it takes the keyboard into the panel (its dropdown is drawn at the end of the
 *  page), and Escape brings it back to the bell. */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const bell = useBell();
  const first = bell.data?.pages[0];
  const unread = first?.unreadCount ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  const arrival = useArrivalAnnouncement(first);

  return (
    <>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={340}
        shadow="md"
        withArrow
        trapFocus
        returnFocus
      >
        {/* The target is the button itself: aria-expanded on the indicator's div is not allowed. */}
        <Indicator
          color="red"
          size={16}
          offset={6}
          label={unread > 9 ? '9+' : unread}
          disabled={unread === 0}
        >
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
      <VisuallyHidden role="status" aria-live="polite">
        {arrival}
      </VisuallyHidden>
    </>
  );
}
