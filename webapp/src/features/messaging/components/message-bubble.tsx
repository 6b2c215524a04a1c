import { Badge, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPackage, IconTag, IconArrowsExchange, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Message } from '../api';
import { formatBubbleTime, offerTone, type OfferTone } from '../format';
import classes from './messages.module.css';
import { ReportMenu } from '@/entities/trust/components/report-menu';

const TONES: Record<OfferTone, { color: string; label: string; icon: ReactNode }> = {
  offer: { color: 'brand', label: 'Offer', icon: <IconTag size={14} /> },
  accepted: { color: 'green', label: 'Accepted', icon: <IconCheck size={14} /> },
  declined: { color: 'red', label: 'Declined', icon: <IconX size={14} /> },
  countered: { color: 'orange', label: 'Countered', icon: <IconArrowsExchange size={14} /> },
};

function NoticeBadge({ message }: { message: Message }) {
  if (message.messageType === 'order_update') {
    return (
      <Badge color="blue" variant="light" leftSection={<IconPackage size={14} />}>
        Order update
      </Badge>
    );
  }
  const tone = TONES[message.messageType === 'offer' ? 'offer' : offerTone(message.content)];
  return (
    <Badge color={tone.color} variant="light" leftSection={tone.icon}>
      {tone.label}
    </Badge>
  );
}

interface MessageBubbleProps {
  message: Message;
  mine: boolean;
  /** Who wrote it, said to screen readers before it ("You", or the partner's name): the
   *  thread's sides are visual only, and the live log reads each new message as it arrives. */
  speaker?: string;
  /**
   * Slot for offer messages: the offers area renders its card (current state, Accept /
   * Reject / Counter) here. Without one, the message shows as a badged bubble.
   */
  offerCard?: (message: Message) => ReactNode;
}

/** One message: the text, a badge for offer and order notices, and the time. */
export function MessageBubble({ message, mine, speaker, offerCard }: MessageBubbleProps) {
  const notice = message.messageType !== 'text';
  const card = notice && message.offerId !== null ? offerCard?.(message) : undefined;
  return (
    <Stack
      gap={2}
      align={mine ? 'flex-end' : 'flex-start'}
      className={classes.row}
      data-message-id={message.id}
    >
      {speaker && <VisuallyHidden>{`${speaker}:`}</VisuallyHidden>}
      {card ?? (
        <Paper
          className={mine ? classes.mine : classes.theirs}
          data-type={message.messageType}
          px="md"
          py={8}
        >
          {notice && (
            <Group mb={4}>
              <NoticeBadge message={message} />
            </Group>
          )}
          <Text size="sm" className={classes.text}>
            {message.content}
          </Text>
        </Paper>
      )}
      <Group gap={4} wrap="nowrap">
        <Text size="xs" c="dimmed" component="time" dateTime={message.createdAt}>
          {formatBubbleTime(message.createdAt)}
        </Text>
        {!mine && !notice && (
          <ReportMenu
            targetType="message"
            targetId={message.id}
            ownerId={message.senderId}
            label="More actions for this message"
          />
        )}
      </Group>
    </Stack>
  );
}
