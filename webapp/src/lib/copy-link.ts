import { notifications } from '@mantine/notifications';
import { notifyError } from './notify';

const COPY_TOAST_MS = 2000;

/** Share: copy a page's address ('Link copied!'); say how to do it by hand when the browser
 *  refuses ('Failed to copy'). Used by Share Listing and the style post's Share. */
export async function copyLink(url: string = window.location.href): Promise<void> {
  await copyText(url, {
    copied: 'Link copied!',
    shown: url,
    byHand: 'Please try selecting and copying the URL manually.',
  });
}

/** Copy `text` to the clipboard with a short toast (`copied`, showing `shown`), or say how to
 *  do it by hand (`byHand`) when the browser refuses. */
export async function copyText(
  text: string,
  words: { copied: string; shown?: string; byHand: string },
): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(text);
    // One toast shows at a time (spec §9): the answer to this click replaces whatever is
    // showing instead of waiting behind it.
    notifications.clean();
    notifications.show({
      title: words.copied,
      message: words.shown,
      color: 'green',
      autoClose: COPY_TOAST_MS,
    });
  } catch {
    notifyError(words.byHand, 'Failed to copy');
  }
}
