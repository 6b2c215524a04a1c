import { ActionIcon, Group, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage, isApiError } from '@/lib/api-client';
import { submitWith } from '@/lib/form';
import { notifyError, notifyWarning } from '@/lib/notify';
import { useRealtimeStore } from '@/lib/realtime';
import { messageKeys, useSendMessage } from '../api';
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
  const connected = useRealtimeStore((state) => state.status === 'open');
  const send = useSendMessage();
  const queryClient = useQueryClient();
  const form = useForm({
    mode: 'controlled',
    initialValues: { content: '' },
    validate: { content: (value) => (value.trim() ? null : 'Message cannot be empty') },
    transformValues: (values) => ({ content: values.content.trim() }),
  });

  const submit = submitWith(
    form,
    async ({ content }) => {
      if (!connected) notifyWarning('Not Connected', 'Waiting for connection...', NOT_CONNECTED_MS);
      try {
        return await send.mutateAsync({ senderId, receiverId, content, productId });
      } catch (error) {
        notifyError(errorMessage(error, 'Please try again later.'), 'Error sending message');
        // A refusal such as a block since the thread loaded: the thread then shows it closed.
        if (isApiError(error, 403)) void queryClient.invalidateQueries({ queryKey: messageKeys.all });
        throw error;
      }
    },
    { fallback: 'Please try again later.', onSuccess: () => form.reset(), quiet: true },
  );

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  };

  return (
    <form
      onSubmit={(event) => {
        submit(event);
      }}
      className={classes.composer}
      noValidate
    >
      <Group align="flex-end" wrap="nowrap" gap="xs">
        <Textarea
          aria-label="Message"
          placeholder="Type a message..."
          {...form.getInputProps('content')}
          onKeyDown={onKeyDown}
          maxLength={MAX_LENGTH}
          autosize
          minRows={1}
          maxRows={5}
          radius="xl"
          style={{ flex: 1 }}
        />
        <ActionIcon type="submit" size={36} radius="xl" aria-label="Send message" loading={form.submitting}>
          <IconSend size={18} />
        </ActionIcon>
      </Group>
    </form>
  );
}
