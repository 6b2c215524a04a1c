import { ActionIcon, Group, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { notifyError, notifyWarning } from '@/lib/notify';
import { useRealtimeStore } from '@/lib/realtime';
import { useSendMessage } from '../api';
import classes from './messages.module.css';

const MAX_LENGTH = 2000;
const NOT_CONNECTED_MS = 2_000;

interface ComposerProps {
  senderId: number;
  receiverId: number;
  productId?: number;
}

/** 'Type a message...': Enter sends (Shift+Enter for a new line), over the socket or HTTP. */
export function MessageComposer({ senderId, receiverId, productId }: ComposerProps) {
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const connected = useRealtimeStore((state) => state.status === 'open');
  const send = useSendMessage();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const text = content.trim();
    if (!text) {
      setError('Message cannot be empty');
      return;
    }
    if (!connected) notifyWarning('Not Connected', 'Waiting for connection...', NOT_CONNECTED_MS);
    send.mutate(
      { senderId, receiverId, content: text, productId },
      {
        onSuccess: () => setContent(''),
        onError: () => notifyError('Please try again later.', 'Error sending message'),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) submit(event);
  };

  return (
    <form onSubmit={submit} className={classes.composer}>
      <Group align="flex-end" wrap="nowrap" gap="xs">
        <Textarea
          aria-label="Message"
          placeholder="Type a message..."
          value={content}
          onChange={(event) => {
            setContent(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          error={error}
          maxLength={MAX_LENGTH}
          autosize
          minRows={1}
          maxRows={5}
          radius="xl"
          style={{ flex: 1 }}
        />
        <ActionIcon type="submit" size={36} radius="xl" aria-label="Send message" loading={send.isPending}>
          <IconSend size={18} />
        </ActionIcon>
      </Group>
    </form>
  );
}
