import { Button, type ButtonProps } from '@mantine/core';
import { IconArrowBackUp, IconUserCheck } from '@tabler/icons-react';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useRestoreListing, useUnsuspendMember } from '../api';

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
