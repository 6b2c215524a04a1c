import { Button, Divider, Group, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowsExchange,
  IconBell,
  IconCheck,
  IconClock,
  IconClockOff,
  IconEyeOff,
  IconHeart,
  IconMessageCircle,
  IconMessageDots,
  IconPackage,
  IconSearch,
  IconTag,
  IconTrendingDown,
  IconUserPlus,
  IconX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatRelativeAge } from '@/lib/formatters';
import { useBell, useMarkNoticesRead, type Notice, type NotificationKind } from '../api';
import classes from './notification-bell.module.css';

const ICONS: Record<NotificationKind, ReactNode> = {
  message: <IconMessageCircle size={18} />,
  offer_received: <IconTag size={18} />,
  offer_countered: <IconArrowsExchange size={18} />,
  offer_accepted: <IconCheck size={18} />,
  offer_declined: <IconX size={18} />,
  price_drop: <IconTrendingDown size={18} />,
  item_sold: <IconTag size={18} />,
  order_update: <IconPackage size={18} />,
  offer_expired: <IconClockOff size={18} />,
  offer_expiring: <IconClock size={18} />,
  saved_search: <IconSearch size={18} />,
  new_follower: <IconUserPlus size={18} />,
  post_liked: <IconHeart size={18} />,
  post_commented: <IconMessageDots size={18} />,
  listing_hidden: <IconEyeOff size={18} />,
  listing_restored: <IconArrowBackUp size={18} />,
  post_hidden: <IconEyeOff size={18} />,
  post_restored: <IconArrowBackUp size={18} />,
  comment_hidden: <IconEyeOff size={18} />,
  comment_restored: <IconArrowBackUp size={18} />,
};

function NoticeRow({ notice, onOpen }: { notice: Notice; onOpen: (notice: Notice) => void }) {
  return (
    <UnstyledButton className={classes.row} data-unread={!notice.read} onClick={() => onOpen(notice)}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <span className={classes.icon} aria-hidden>
          {ICONS[notice.kind] ?? <IconBell size={18} />}
        </span>
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={notice.read ? 500 : 700} lineClamp={2}>
            {notice.title}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {notice.body}
          </Text>
          <Text size="xs" c="dimmed">
            {formatRelativeAge(notice.createdAt)}
            {notice.read ? '' : ' · Unread'}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

/**
 * The bell's open panel: the newest notices, older ones on demand, mark-all-read. Its own
 * chunk, loaded the first time the bell opens (notification-bell.tsx).
 */
export default function NoticePanel({ onDone }: { onDone: () => void }) {
  const bell = useBell();
  const pages = bell.data?.pages ?? [];
  const notices = pages.flatMap((page) => page.items);
  const markRead = useMarkNoticesRead();
  const navigate = useNavigate();
  const unread = pages[0]?.unreadCount ?? 0;

  const open = (notice: Notice) => {
    if (!notice.read) markRead.mutate([notice.id]);
    onDone();
    if (notice.link) navigate(notice.link);
  };

  return (
    <>
      <Group justify="space-between" px="md" py="xs">
        <Text fw={700}>Notifications</Text>
        <Button
          variant="subtle"
          size="compact-xs"
          disabled={unread === 0}
          loading={markRead.isPending}
          onClick={() => markRead.mutate(undefined)}
        >
          Mark all read
        </Button>
      </Group>
      <Divider />
      {notices.length > 0 ? (
        <ScrollArea.Autosize mah={380}>
          {notices.map((notice) => (
            <NoticeRow key={notice.id} notice={notice} onOpen={open} />
          ))}
          {bell.hasNextPage && (
            <Button
              variant="subtle"
              size="xs"
              fullWidth
              my={4}
              loading={bell.isFetchingNextPage}
              onClick={() => void bell.fetchNextPage()}
            >
              Show older notifications
            </Button>
          )}
        </ScrollArea.Autosize>
      ) : (
        <Text c="dimmed" size="sm" ta="center" py="lg" px="md">
          No notifications yet. Offers, messages and price drops on items you watch show up here.
        </Text>
      )}
    </>
  );
}
