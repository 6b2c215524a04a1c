import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from './theme';
import ToastContainer from './toast-container';
import { onPhone } from '@/test-utils/viewport';

function showToast() {
  const header = document.createElement('header');
  header.getBoundingClientRect = () => ({ bottom: 94 }) as DOMRect;
  document.body.prepend(header);
  render(
    <MantineProvider theme={theme} env="test">
      <ToastContainer />
    </MantineProvider>,
  );
  act(() => {
    notifications.show({ title: 'Counter offer accepted successfully', message: 'You can pay now.' });
  });
  const toast = screen.getByText('Counter offer accepted successfully');
  return toast.closest<HTMLElement>('[data-position]');
}

afterEach(() => {
  act(() => notifications.clean());
  document.querySelector('header')?.remove();
  vi.unstubAllGlobals();
});

describe('ToastContainer', () => {
  it('shows toasts at the top on a phone, just under the header, clear of the page’s actions below', () => {
    onPhone();
    const container = showToast();
    expect(container).toHaveAttribute('data-position', 'top-center');
    expect(document.documentElement.style.getPropertyValue('--toast-top')).toBe('94px');
  });

  it('keeps them at the bottom right on wider screens, clear of the header', () => {
    const container = showToast();
    expect(container).toHaveAttribute('data-position', 'bottom-right');
  });
});
