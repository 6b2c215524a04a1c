import { notifications } from '@mantine/notifications';

/** Toasts for outcomes. Errors are titled 'Error' and red unless a title is given (spec §8). */
export function notifyError(message: string, title = 'Error'): void {
  notifications.show({ title, message, color: 'red' });
}

export function notifySuccess(title: string, message?: string): void {
  notifications.show({ title, message, color: 'green' });
}

/** `autoClose` in ms overrides the default 5 s (spec §8: 'Not Connected' shows for 2 s). */
export function notifyWarning(title: string, message?: string, autoClose?: number): void {
  notifications.show({ title, message, color: 'yellow', autoClose });
}
