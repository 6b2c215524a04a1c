import { Button, Container, EmptyState, Title } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { OfferThreadCard } from '@/entities/offer/offer-thread-card';
import { useSessionStore } from '@/entities/session/session-store';
import { ConversationList } from './conversation-list';
import classes from './messages.module.css';
import { ThreadPane } from './thread-pane';
import { useAuthLink } from '@/entities/session/return-to';

function positiveId(value: string | null | undefined): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

function NoPartner() {
  return (
    <Container className={classes.thread} py="xl">
      <EmptyState
        title="Your Messages"
        description="Choose a conversation on the left, or message a seller from any listing to ask about it."
        icon={<IconMessageCircle />}
        py="xl"
      />
    </Container>
  );
}

/** /messages and /messages/{userId}: the inbox with the chosen partner's thread (spec §2). */
export default function MessagesPage() {
  const authLink = useAuthLink();
  const user = useSessionStore((state) => state.user);
  const status = useSessionStore((state) => state.status);
  const partnerId = positiveId(useParams().userId);
  const productId = positiveId(useSearchParams()[0].get('productId'));

  if (status === 'loading') return <PageLoader label="Loading your session" />;
  if (!user) {
    return (
      <Container size="sm" py="xl">
        <EmptyState title="You need to be logged in to view messages" icon={<IconMessageCircle />} py="xl">
          <EmptyState.Actions>
            <Button component={Link} to={authLink}>
              Log In
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Container>
    );
  }
  const chatting = partnerId !== undefined && partnerId !== user.id;
  return (
    <Container size="xl" py="md" className={classes.page} data-fills-viewport>
      <Title order={1} size="h2" mb="md" visibleFrom="sm">
        Messages
      </Title>
      <div className={classes.layout} data-partner={chatting}>
        <div className={classes.list}>
          <ConversationList userId={user.id} activeId={partnerId} />
        </div>
        {chatting ? (
          <ThreadPane
            key={partnerId}
            userId={user.id}
            partnerId={partnerId}
            productId={productId}
            offerCard={(message) => (
              <OfferThreadCard
                offerId={message.offerId ?? 0}
                viewerId={user.id}
                content={message.content}
                sentAt={message.createdAt}
              />
            )}
          />
        ) : (
          <NoPartner />
        )}
      </div>
    </Container>
  );
}
