import { Button, type ButtonProps } from '@mantine/core';
import { IconArrowBackUp, IconUserCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useRestoreContent, useRestoreListing, useUnsuspendMember, type HiddenContent } from '../api';

interface UndoProps extends ButtonProps {
  /** After it worked: e.g. move the focus, since this button then goes away. */
  onDone?: () => void;
}

/** What an undo button runs: one of the trust API's mutations. */
interface Undo<T> {
  mutate: (value: T, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
}

/** One administrator's undo: runs ``undo`` with ``value``, says it worked (``done``: title and
 * message) or why not (``failed``: the fallback when the server gives no reason). */
function UndoButton<T>({
  undo,
  value,
  icon,
  done,
  failed,
  onDone,
  children,
  ...props
}: UndoProps & {
  undo: Undo<T>;
  value: T;
  icon: ReactNode;
  done: [string, string];
  failed: string;
  children: ReactNode;
}) {
  return (
    <Button
      variant="light"
      leftSection={icon}
      loading={undo.isPending}
      onClick={() =>
        undo.mutate(value, {
          onSuccess: () => {
            notifySuccess(...done);
            onDone?.();
          },
          onError: (error) => notifyError(errorMessage(error, failed)),
        })
      }
      {...props}
    >
      {children}
    </Button>
  );
}

const RESTORE_ICON = <IconArrowBackUp size={16} aria-hidden />;

/** Administrators: put a hidden listing back in the shop (the desk, the listing's page). */
export function RestoreListingButton({ listingId, ...props }: UndoProps & { listingId: number }) {
  return (
    <UndoButton
      undo={useRestoreListing()}
      value={listingId}
      icon={RESTORE_ICON}
      done={['Listing restored', 'It is back in the shop. The seller was notified.']}
      failed="Could not restore the listing."
      {...props}
    >
      Restore listing
    </UndoButton>
  );
}

/** Administrators: show a hidden style post or comment to everyone again (the desk, the
 * post's page, the comment in its list). */
export function RestoreContentButton({
  kind,
  targetId,
  label,
  ...props
}: UndoProps & {
  kind: HiddenContent;
  targetId: number;
  /** The accessible name when several such buttons share a page: the visible words first
   *  ("Restore comment by Sofia"). */
  label?: string;
}) {
  return (
    <UndoButton
      undo={useRestoreContent()}
      value={{ kind, id: targetId }}
      icon={RESTORE_ICON}
      done={[kind === 'post' ? 'Post restored' : 'Comment restored', 'Everyone can see it again.']}
      failed={`Could not restore the ${kind}.`}
      aria-label={label}
      {...props}
    >
      Restore {kind}
    </UndoButton>
  );
}

/** Administrators: lift a member's suspension (the desk, the member's profile). */
export function UnsuspendButton({
  userId,
  username,
  ...props
}: UndoProps & { userId: number; username: string }) {
  return (
    <UndoButton
      undo={useUnsuspendMember()}
      value={userId}
      icon={<IconUserCheck size={16} aria-hidden />}
      done={['Suspension lifted', `@${username} can sign in again.`]}
      failed="Could not lift the suspension."
      {...props}
    >
      Unsuspend @{username}
    </UndoButton>
  );
}
