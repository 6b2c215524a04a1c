import { notifications } from '@mantine/notifications';

/** Toasts for outcomes. Errors are titled 'Error' and red unless a title is given (spec §8). */
export function notifyError(message: string, title = 'Error'): void {
  notifications.show({ title, message, color: 'red' });
}

export function notifySuccess(title: string, message?: string): void {
  notifications.show({ title, message, color: 'green' });
}

export function notifyWarning(title: string, message?: string): void {
  notifications.show({ title, message, color: 'yellow' });
}
