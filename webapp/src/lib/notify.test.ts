import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { closeToastsOnPageChange, notifyError, notifySuccess } from './notify';

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

describe('a later outcome replaces an error toast', () => {
  it('closes the error when the retry succeeds, instead of queueing the success behind it', () => {
    const shown = vi.spyOn(notifications, 'show');
    const hide = vi.spyOn(notifications, 'hide');
    window.history.replaceState(null, '', '/seller/offers');
    notifyError('Counter price must be more than the offer');
    const failed = shown.mock.results[0].value as string;
    expect(hide).not.toHaveBeenCalledWith(failed);
    notifySuccess('Counter offer sent');
    expect(hide).toHaveBeenCalledWith(failed);
  });

  it('closes the last error when another error comes', () => {
    const shown = vi.spyOn(notifications, 'show');
    const hide = vi.spyOn(notifications, 'hide');
    notifyError('Tracking URL must be a valid URL');
    const first = shown.mock.results[0].value as string;
    notifyError('Tracking number is required');
    expect(hide).toHaveBeenCalledWith(first);
    expect(hide).not.toHaveBeenCalledWith(shown.mock.results[1].value as string);
  });
});
