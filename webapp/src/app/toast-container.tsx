import { Notifications, useNotifications } from '@mantine/notifications';
import { useLayoutEffect } from 'react';
import { useShownFrom } from '@/lib/use-shown-from';
import toasts from './toasts.module.css';

/** Tells the phone's toast container where the sticky header ends on screen (`--toast-top`
 *  on the document, which toasts.module.css reads), measured as each toast shows: the
 *  header's height changes with the signed-in tabs and the layout. 0 without a header. */
function useToastTopBelowHeader(active: boolean): void {
  const { notifications: shown } = useNotifications();
  useLayoutEffect(() => {
    if (!active) return;
    const bottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    document.documentElement.style.setProperty('--toast-top', `${Math.max(0, Math.round(bottom))}px`);
  }, [active, shown]);
}

/**
 * Where toasts appear. Spec §9: at most one toast at a time, 5 s by default, at most 420 px
 * wide. On wider screens at the bottom right, clear of the header's Sell button, bell and
 * account menu. On a phone at the top, just under the header: at the bottom a toast covered
 * the page's primary action (Pay Now on My Offers, the product page's buy bar) and sat on
 * the bottom bar. Loaded after the first render (providers.tsx): toasts raised before it
 * arrives wait in the notifications store and show when it mounts.
 */
export default function ToastContainer() {
  // Phones, below `sm` (the breakpoint of the app's own phone layout): under the header.
  const phone = !useShownFrom('sm');
  useToastTopBelowHeader(phone);
  return (
    <Notifications
      limit={1}
      autoClose={5000}
      position={phone ? 'top-center' : 'bottom-right'}
      containerWidth={420}
      className={toasts.toasts}
    />
  );
}
