import { notifications } from '@mantine/notifications';
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
