import { Button, type ButtonProps } from '@mantine/core';
import { IconArrowBackUp, IconUserCheck } from '@tabler/icons-react';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useRestoreContent, useRestoreListing, useUnsuspendMember, type HiddenContent } from '../api';

interface UndoProps extends ButtonProps {
  /** After it worked: e.g. move the focus, since this button then goes away. */
  onDone?: () => void;
}

/** Administrators: put a hidden listing back in the shop (the desk, the listing's page). */
export function RestoreListingButton({ listingId, onDone, ...props }: UndoProps & { listingId: number }) {
  const restore = useRestoreListing();
  return (
    <Button
      variant="light"
      leftSection={<IconArrowBackUp size={16} aria-hidden />}
      loading={restore.isPending}
      onClick={() =>
        restore.mutate(listingId, {
          onSuccess: () => {
            notifySuccess('Listing restored', 'It is back in the shop. The seller was notified.');
            onDone?.();
          },
          onError: (error) => notifyError(errorMessage(error, 'Could not restore the listing.')),
        })
      }
      {...props}
    >
      Restore listing
    </Button>
  );
}

/** Administrators: show a hidden style post or comment to everyone again (the desk, the
 * post's page, the comment in its list). */
export function RestoreContentButton({
  kind,
  targetId,
  label,
  onDone,
  ...props
}: UndoProps & {
  kind: HiddenContent;
  targetId: number;
  /** The accessible name when several such buttons share a page: the visible words first
   *  ("Restore comment by Sofia"). */
  label?: string;
}) {
  const restore = useRestoreContent();
  return (
    <Button
      variant="light"
      leftSection={<IconArrowBackUp size={16} aria-hidden />}
      loading={restore.isPending}
      onClick={() =>
        restore.mutate(
          { kind, id: targetId },
          {
            onSuccess: () => {
              notifySuccess(
                kind === 'post' ? 'Post restored' : 'Comment restored',
                'Everyone can see it again.',
              );
              onDone?.();
            },
            onError: (error) => notifyError(errorMessage(error, `Could not restore the ${kind}.`)),
          },
        )
      }
      aria-label={label}
      {...props}
    >
      Restore {kind}
    </Button>
  );
}

/** Administrators: lift a member's suspension (the desk, the member's profile). */
export function UnsuspendButton({
  userId,
  username,
  onDone,
  ...props
}: UndoProps & { userId: number; username: string }) {
  const lift = useUnsuspendMember();
  return (
    <Button
      variant="light"
      leftSection={<IconUserCheck size={16} aria-hidden />}
      loading={lift.isPending}
      onClick={() =>
        lift.mutate(userId, {
          onSuccess: () => {
            notifySuccess('Suspension lifted', `@${username} can sign in again.`);
            onDone?.();
          },
          onError: (error) => notifyError(errorMessage(error, 'Could not lift the suspension.')),
        })
      }
      {...props}
    >
      Unsuspend @{username}
    </Button>
  );
}
