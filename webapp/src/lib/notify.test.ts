import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { closeToastsOnPageChange, notifyError } from './notify';

describe('error toasts belong to their page', () => {
  it('closes an error toast when the visitor leaves its page, keeps one about the next page', () => {
    const shown = vi.spyOn(notifications, 'show');
    const hide = vi.spyOn(notifications, 'hide');
    window.history.replaceState(null, '', '/product/1');
    notifyError('Could not save');
    const failed = shown.mock.results[0].value as string;
    notifyError('Please log in to view your favorites', 'Authentication required', { page: '/auth' });
    const prompt = shown.mock.results[1].value as string;

    closeToastsOnPageChange('/product/1', '/watchlist');
    expect(hide).toHaveBeenCalledWith(failed);
    expect(hide).not.toHaveBeenCalledWith(prompt);
    closeToastsOnPageChange('/watchlist', '/auth');
    expect(hide).not.toHaveBeenCalledWith(prompt);
    closeToastsOnPageChange('/auth', '/watchlist');
    expect(hide).toHaveBeenCalledWith(prompt);
  });

  it('keeps a toast while the visitor stays on its page', () => {
    const hide = vi.spyOn(notifications, 'hide');
    window.history.replaceState(null, '', '/orders');
    notifyError('Could not load');
    closeToastsOnPageChange('/somewhere', '/orders');
    expect(hide).not.toHaveBeenCalled();
  });
});
