import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShare } from '@tabler/icons-react';
import { notifyError } from '@/lib/notify';

const COPY_TOAST_MS = 2000;

/** Share Listing: copy this page's address; say how to do it by hand when the browser refuses. */
export async function shareListing(url: string = window.location.href): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(url);
    notifications.show({ title: 'Link copied!', message: url, color: 'green', autoClose: COPY_TOAST_MS });
  } catch {
    notifyError('Please try selecting and copying the URL manually.', 'Failed to copy');
  }
}

/** The centred Share Listing button under the product actions (buyers and owners alike). */
export function ShareListingButton() {
  return (
    <Group justify="center">
      <Button variant="subtle" leftSection={<IconShare size={16} />} onClick={() => void shareListing()}>
        Share Listing
      </Button>
    </Group>
  );
}
