import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '@/test-utils/render';
import { ConfirmDialog } from './confirm-dialog';

function renderDialog(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onCancel = vi.fn();
  const onConfirm = vi.fn();
  render(
    <ConfirmDialog
      opened
      onCancel={onCancel}
      title="Delete this listing?"
      cancelLabel="Keep listing"
      confirmLabel="Delete listing"
      confirmColor="red"
      onConfirm={onConfirm}
      {...props}
    >
      <p>Denim jacket will be removed from the shop.</p>
    </ConfirmDialog>,
  );
  return { onCancel, onConfirm, dialog: screen.getByRole('dialog', { name: 'Delete this listing?' }) };
}

describe('ConfirmDialog', () => {
  it('shows the title and the body, cancel first, then the action', () => {
    const { dialog } = renderDialog();
    expect(dialog).toHaveTextContent('Denim jacket will be removed from the shop.');
    const [cancel, confirm] = [
      screen.getByRole('button', { name: 'Keep listing' }),
      screen.getByRole('button', { name: 'Delete listing' }),
    ];
    expect(cancel.compareDocumentPosition(confirm) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('cancels with the cancel button and confirms with the action, each once', async () => {
    const user = userEvent.setup();
    const { onCancel, onConfirm } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Keep listing' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete listing' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('cancels on Escape', async () => {
    const user = userEvent.setup();
    const { onCancel, onConfirm } = renderDialog();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('cannot be confirmed twice while the action is under way', async () => {
    const user = userEvent.setup();
    const { onConfirm } = renderDialog({ pending: true });
    const confirm = screen.getByRole('button', { name: 'Delete listing' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAttribute('data-loading');
    await user.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Keep listing' })).toBeEnabled();
  });

  it('opens with the keyboard on the action, not on the close button', async () => {
    renderDialog({ confirmLabel: 'Hide listing', confirmColor: 'orange' });
    const confirm = screen.getByRole('button', { name: 'Hide listing' });
    await expect.poll(() => document.activeElement).toBe(confirm);
  });

  it('opens on a field its text marks, before the action', async () => {
    render(
      <ConfirmDialog opened onCancel={() => {}} title="Hide this post?" confirmLabel="Hide post">
        <input aria-label="Reason" data-autofocus />
      </ConfirmDialog>,
    );
    const reason = screen.getByRole('textbox', { name: 'Reason' });
    await expect.poll(() => document.activeElement).toBe(reason);
  });

  it('says Cancel unless told otherwise, and can start on it', async () => {
    renderDialog({ cancelLabel: undefined, focusCancel: true });
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    await expect.poll(() => document.activeElement).toBe(cancel);
  });

  it('submits a form drawn outside it', async () => {
    const user = userEvent.setup();
    const submitted = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <>
        <form id="close-account-form" onSubmit={(event) => submitted(event.nativeEvent as SubmitEvent)} />
        <ConfirmDialog
          opened
          onCancel={() => {}}
          title="Close your account for good?"
          confirmLabel="Yes, close my account"
          confirmForm="close-account-form"
        >
          This cannot be undone.
        </ConfirmDialog>
      </>,
    );
    const confirm = screen.getByRole('button', { name: 'Yes, close my account' });
    expect(confirm).toHaveAttribute('type', 'submit');
    await user.click(confirm);
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('renders nothing while closed', () => {
    render(
      <ConfirmDialog opened={false} onCancel={() => {}} title="Block Maya?" confirmLabel="Block">
        Body
      </ConfirmDialog>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
  });

  it('gives the keyboard to the card when the button that opened it is gone', async () => {
    // My Offers' Accept Counter: accepting removes the button, and Mantine's own return of
    // the focus found nothing, so the focus fell on <body> and Tab restarted at the top.
    function Card() {
      const [asking, setAsking] = useState(false);
      const [accepted, setAccepted] = useState(false);
      return (
        <article tabIndex={-1} aria-label="Offer on Denim jacket">
          {!accepted && (
            <button type="button" onClick={() => setAsking(true)}>
              Accept Counter
            </button>
          )}
          <ConfirmDialog
            opened={asking}
            onCancel={() => setAsking(false)}
            title="Accept counter offer?"
            confirmLabel="Yes, accept"
            onConfirm={() => {
              setAccepted(true);
              setAsking(false);
            }}
          >
            You agree to buy it for $75.00.
          </ConfirmDialog>
        </article>
      );
    }
    const user = userEvent.setup();
    render(<Card />);
    screen.getByRole('button', { name: 'Accept Counter' }).focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Yes, accept' }));
    await waitFor(() => expect(screen.getByRole('article', { name: 'Offer on Denim jacket' })).toHaveFocus());
  });
});
