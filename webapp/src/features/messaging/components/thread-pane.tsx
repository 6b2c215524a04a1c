import { Button, Center, EmptyState, Loader, Stack } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useEffect, useMemo, useRef } from 'react';
import { LoadFailed } from '@/components/load-failed';
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
}

function MessageList({ userId, partnerId, offerCard, thread, messages }: MessageListProps) {
  const bottom = useRef<HTMLDivElement>(null);
  const newestId = messages.at(-1)?.id;
  useMarkShownRead(userId, partnerId, messages);
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [newestId]);

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
        title="No messages yet"
        description="Send a message to start the conversation"
        icon={<IconMessages />}
        py="xl"
      />
    );
  }
  return (
    <Stack gap={0} role="log" aria-label="Messages" aria-live="polite">
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
      {messages.map((message) => (
        <MessageBubble
          key={message.id}
          message={message}
          mine={message.senderId === userId}
          offerCard={offerCard}
        />
      ))}
      <div ref={bottom} />
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
      <ProductContext productId={aboutId} />
      <div className={classes.scroller}>
        <MessageList
          userId={userId}
          partnerId={partnerId}
          offerCard={offerCard}
          thread={thread}
          messages={messages}
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
