import { Button, Center, EmptyState, Loader, Stack } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { usePublicUser } from '@/entities/user/public-user';
import { threadMessages, useMarkRead, useThread, type Message } from '../api';
import { MessageBubble } from './message-bubble';
import { MessageComposer } from './message-composer';
import { ProductContext } from './product-context';
import { ThreadClosed } from './thread-closed';
import { ThreadHeader } from './thread-header';
import classes from './messages.module.css';

interface ThreadPaneProps {
  userId: number;
  partnerId: number;
  productId?: number;
  /** Renders an offer message as the offers area's card (see MessageBubble). */
  offerCard?: (message: Message) => React.ReactNode;
}

/** Marks the partner's messages read once unread ones are on screen (spec §4): again for
 *  every newer unread one, even if it arrives before the last mark-read was refetched. */
function useMarkShownRead(userId: number, partnerId: number, messages: Message[]) {
  const markRead = useMarkRead();
  const newestUnseen = messages.reduce(
    (newest, m) =>
      m.receiverId === userId && m.senderId === partnerId && !m.read ? Math.max(newest, m.id) : newest,
    0,
  );
  const { mutate } = markRead;
  useEffect(() => {
    if (newestUnseen) mutate({ senderId: partnerId, receiverId: userId });
  }, [newestUnseen, mutate, partnerId, userId]);
}

interface MessageListProps extends ThreadPaneProps {
  thread: ReturnType<typeof useThread>;
  messages: Message[];
  /** Nobody can send in it (a block, issue 37): an empty one does not invite to. */
  closed: boolean;
}

/** Keeps the thread's scroller at its newest message: when one arrives, and while what is
 *  above it still grows (offer cards and photos drawn after the messages, the listing's
 *  card above the pane), unless the reader has scrolled up to read older ones. Only a move
 *  up from where it was put counts as the reader's: a scroll event can arrive after the
 *  content grew again, when the scroller is no longer at its end through no one's doing. */
function useStuckToNewest(newestId: number | undefined, shown: boolean): RefObject<HTMLDivElement | null> {
  const list = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const putAt = useRef(0);
  useEffect(() => {
    pinned.current = true;
    const scroller = list.current?.parentElement;
    if (!scroller) return;
    scroller.scrollTop = scroller.scrollHeight;
    putAt.current = scroller.scrollTop;
  }, [newestId, shown]);
  useEffect(() => {
    const node = list.current;
    const scroller = node?.parentElement;
    if (!node || !scroller || typeof ResizeObserver === 'undefined') return;
    const onScroll = () => {
      const top = scroller.scrollTop;
      if (scroller.scrollHeight - scroller.clientHeight - top < 24) pinned.current = true;
      else if (top < putAt.current - 2) pinned.current = false;
    };
    const observer = new ResizeObserver(() => {
      if (!pinned.current) return;
      scroller.scrollTop = scroller.scrollHeight;
      putAt.current = scroller.scrollTop;
    });
    observer.observe(node);
    observer.observe(scroller);
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      scroller.removeEventListener('scroll', onScroll);
    };
  }, [shown]);
  return list;
}

/** The oldest message the thread was first drawn with: what comes before it is history the
 *  reader asked for (Load older messages), what follows arrived while it was open. */
function useFirstDrawnId(partnerId: number, messages: Message[]): number | undefined {
  const [first, setFirst] = useState<{ partnerId: number; id: number } | null>(null);
  const oldest = messages[0]?.id;
  if (oldest !== undefined && first?.partnerId !== partnerId) setFirst({ partnerId, id: oldest });
  return first?.partnerId === partnerId ? first.id : oldest;
}

function MessageList({ userId, partnerId, offerCard, thread, messages, closed }: MessageListProps) {
  useMarkShownRead(userId, partnerId, messages);
  // Shares the header's query: the name each of the partner's messages is read out with.
  const { data: partner } = usePublicUser(partnerId);
  const partnerName = partner ? partner.displayName || partner.username : 'They';
  const firstDrawn = useFirstDrawnId(partnerId, messages);
  const list = useStuckToNewest(
    messages.at(-1)?.id,
    !thread.isPending && !thread.isError && messages.length > 0,
  );

  if (thread.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading messages" />
      </Center>
    );
  }
  if (thread.isError)
    return <LoadFailed title="Failed to load messages" onRetry={() => void thread.refetch()} />;
  if (messages.length === 0) {
    return (
      <EmptyState
        title={closed ? 'No messages' : 'No messages yet'}
        description={
          closed ? 'There are no past messages to read.' : 'Send a message to start the conversation'
        }
        icon={<IconMessages />}
        py="xl"
      />
    );
  }
  // The log is a live region, and a screen reader reads what is added to it, wherever: older
  // messages prepended into it would be read out as if they had just arrived. `aria-busy`
  // while they load does not help (screen readers announce the batch once it clears), nor
  // does `aria-relevant` (a prepended message is an addition too). So older pages go above
  // the log, outside the live region, with the button that loads them: the log holds the
  // messages the thread was first drawn with (present when it appeared, so not read out) and
  // the ones that arrive after, at its end, which are read as they come.
  // `aria-relevant="additions"`: new messages only, not later changes to shown ones.
  const split = messages.findIndex((message) => message.id === firstDrawn);
  const older = split > 0 ? messages.slice(0, split) : [];
  const bubble = (message: Message) => (
    <MessageBubble
      key={message.id}
      message={message}
      mine={message.senderId === userId}
      speaker={message.senderId === userId ? 'You' : partnerName}
      offerCard={offerCard}
    />
  );
  return (
    <Stack ref={list} gap={0}>
      {thread.hasNextPage && (
        <Center mb="sm">
          <Button
            variant="subtle"
            size="xs"
            loading={thread.isFetchingNextPage}
            onClick={() => void thread.fetchNextPage()}
          >
            Load older messages
          </Button>
        </Center>
      )}
      {older.length > 0 && (
        <Stack gap={0} data-testid="older-messages">
          {older.map(bubble)}
        </Stack>
      )}
      <Stack gap={0} role="log" aria-label="Messages" aria-live="polite" aria-relevant="additions">
        {(split > 0 ? messages.slice(split) : messages).map(bubble)}
      </Stack>
    </Stack>
  );
}

/** The right pane: header, the listing it is about, the messages and the composer. */
export function ThreadPane({ userId, partnerId, productId, offerCard }: ThreadPaneProps) {
  const thread = useThread(userId, partnerId);
  const messages = useMemo(() => threadMessages(thread.data?.pages), [thread.data]);
  // The newest page (fetched first, refetched every few seconds) says whether it is closed.
  const newest = thread.data?.pages[0];
  // The listing named in the URL (Message Seller), else the one the thread last talked about.
  const aboutId = productId ?? messages.findLast((m) => m.productId !== null)?.productId ?? undefined;
  return (
    <section className={classes.thread} aria-label="Conversation">
      <ThreadHeader partnerId={partnerId} />
      <ProductContext
        productId={aboutId}
        agreedPrice={newest?.agreedPrices?.find((deal) => deal.productId === aboutId)?.price}
      />
      <div className={classes.scroller}>
        <MessageList
          userId={userId}
          partnerId={partnerId}
          offerCard={offerCard}
          thread={thread}
          messages={messages}
          closed={newest?.closed === true}
        />
      </div>
      {newest?.closed ? (
        <ThreadClosed partnerId={partnerId} blockedByYou={newest.blockedByYou} />
      ) : (
        <MessageComposer senderId={userId} receiverId={partnerId} productId={productId} />
      )}
    </section>
  );
}
