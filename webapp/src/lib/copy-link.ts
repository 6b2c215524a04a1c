import { notifications } from '@mantine/notifications';
import { notifyError } from './notify';

const COPY_TOAST_MS = 2000;

/** Share: copy a page's address ('Link copied!'); say how to do it by hand when the browser
 *  refuses ('Failed to copy'). Used by Share Listing and the style post's Share. */
export async function copyLink(url: string = window.location.href): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(url);
    // One toast shows at a time (spec §9): the answer to this click replaces whatever is
    // showing instead of waiting behind it.
    notifications.clean();
    notifications.show({ title: 'Link copied!', message: url, color: 'green', autoClose: COPY_TOAST_MS });
  } catch {
    notifyError('Please try selecting and copying the URL manually.', 'Failed to copy');
  }
}
