import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

/**
 * Error toasts belong to the page they were shown on and close when the visitor leaves it
 * (`closeToastsOnPageChange`, called by the layout). A toast that explains a redirect
 * (`{ page: '/auth' }`) belongs to the page it leads to instead.
 */
interface PageToast {
  page: string;
  forward: boolean;
}
const pageToasts = new Map<string, PageToast>();

export interface ErrorOptions {
  /** The path of the page this toast is about, when the app is on its way there. */
  page?: string;
}

/** An error toast is about one attempt. One toast shows at a time (spec §9) and the next
 * waits behind it, so a later outcome (the retry's success, another error) would wait for
 * the stale error to time out: it replaces it at once instead. */
function supersedeErrors(): void {
  for (const id of pageToasts.keys()) notifications.hide(id);
  pageToasts.clear();
}

/** Toasts for outcomes. Errors are titled 'Error' and red unless a title is given (spec §8). */
export function notifyError(message: ReactNode, title = 'Error', options: ErrorOptions = {}): void {
  supersedeErrors();
  const id: string = notifications.show({
    title,
    message,
    color: 'red',
    onClose: () => pageToasts.delete(id),
  });
  pageToasts.set(id, {
    page: options.page ?? window.location.pathname,
    forward: options.page !== undefined,
  });
}

/** The visitor went from page `from` to page `to`: close the error toasts left behind. */
export function closeToastsOnPageChange(from: string, to: string): void {
  for (const [id, toast] of pageToasts) {
    const stale = toast.forward ? toast.page === from : toast.page !== to;
    if (stale) {
      pageToasts.delete(id);
      notifications.hide(id);
    }
  }
}

export function notifySuccess(title: string, message?: string): void {
  supersedeErrors();
  notifications.show({ title, message, color: 'green' });
}

/** Neither a success nor a problem, e.g. a search the member had already saved. */
export function notifyInfo(title: string, message?: string): void {
  notifications.show({ title, message, color: 'blue' });
}

/** `autoClose` in ms overrides the default 5 s (spec §9: 'Not Connected' shows for 2 s). */
export function notifyWarning(title: string, message?: string, autoClose?: number): void {
  notifications.show({ title, message, color: 'yellow', autoClose });
}
