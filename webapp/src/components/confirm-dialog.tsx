import { Button, Group, Modal, Stack, type MantineColor, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { useReturnFocus } from '@/lib/return-focus';

interface ConfirmDialogProps {
  opened: boolean;
  /** Escape, the close button, a click outside and the cancel button. */
  onCancel: () => void;
  title: ReactNode;
  /** What confirming does, and any field the answer takes (a reason, a duration). */
  children: ReactNode;
  cancelLabel?: string;
  confirmLabel: ReactNode;
  /** The confirm button's color; the theme's primary color when left out. */
  confirmColor?: MantineColor;
  /** The action is under way: the confirm button spins and cannot be pressed again. */
  pending?: boolean;
  onConfirm?: () => void;
  /** The id of a form drawn outside the dialog: the confirm button submits it instead. */
  confirmForm?: string;
  /** What cannot be undone (deleting, confirming a payment, closing an account): the dialog
   *  opens on the cancel button, so Enter there changes nothing. Otherwise it opens on the
   *  action (or on a field of the children marked `data-autofocus`, which comes first). */
  focusCancel?: boolean;
  /** Give focus back to what opened the dialog once it closes (Mantine's default), or, when
   *  that is gone, to the card or page that held it (lib/return-focus.ts). */
  returnFocus?: boolean;
  gap?: MantineSpacing;
}

/** "Delete this listing?", "Confirm receipt?" and the like: a short text, then a cancel button
 *  and the action itself, right-aligned. The keyboard starts on the action, or on Cancel for
 *  what cannot be undone (`focusCancel`), never on the × (Mantine's first focusable). */
export function ConfirmDialog({
  opened,
  onCancel,
  title,
  children,
  cancelLabel = 'Cancel',
  confirmLabel,
  confirmColor,
  pending = false,
  onConfirm,
  confirmForm,
  focusCancel = false,
  returnFocus = true,
  gap = 'md',
}: ConfirmDialogProps) {
  useReturnFocus(opened, returnFocus);
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered returnFocus={returnFocus}>
      <Stack gap={gap}>
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus={focusCancel || undefined}>
            {cancelLabel}
          </Button>
          <Button
            type={confirmForm ? 'submit' : 'button'}
            form={confirmForm}
            color={confirmColor}
            loading={pending}
            onClick={onConfirm}
            data-autofocus={!focusCancel || undefined}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
