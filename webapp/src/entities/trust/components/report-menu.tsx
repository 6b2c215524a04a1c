import { ActionIcon, List, Menu, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { IconBan, IconDots, IconFlag } from '@tabler/icons-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { promptLogin } from '@/entities/session/login-prompt';
import { useCurrentUser } from '@/entities/session/session-store';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFocusWhenShown } from '@/lib/use-focus-when-shown';
import { useBlockToggle, type ReportTarget } from '../api';
import { ReportDialog } from './report-dialog';

interface ReportMenuProps {
  targetType: ReportTarget;
  targetId: number;
  /** The member who owns the target: no menu on your own things. */
  ownerId: number;
  /** Offer "Block" for the owner too (profiles, message threads). */
  withBlock?: boolean;
  /** You blocked the owner already: the menu offers "Unblock" instead. */
  blocked?: boolean;
  /** The owner's name for the Block confirmation ("Block Maya?"). */
  ownerName?: string;
  /** Accessible name of the menu button (e.g. "More actions for this comment"). */
  label?: string;
  /** The owner is blocked: the page moves the focus to what now says so. Without it, the
   *  focus goes back to the menu's button. */
  onBlocked?: () => void;
}

/** What a block does, as the server does it (application/block_service.py, blocks.py):
 *  what it hides and refuses, what it ends at once, and that undoing it brings none of that
 *  back. */
function BlockConsequences({ who }: { who: string }) {
  return (
    <Stack gap="xs">
      <Text size="sm">If you block {who}:</Text>
      <List size="sm" spacing={4} withPadding>
        <List.Item>
          Their listings, posts and comments leave your shop, search and feed, and yours leave theirs.
        </List.Item>
        <List.Item>
          Neither of you can message, make offers to, buy from or follow the other, or comment on, like or
          save the other&apos;s posts. Messages you already exchanged stay readable.
        </List.Item>
        <List.Item>
          You stop following each other, open offers between you are closed, and an item reserved for either
          of you by an accepted offer goes back on sale.
        </List.Item>
        <List.Item>Their items are taken out of your bag, and yours out of theirs.</List.Item>
      </List>
      <Text size="sm">
        They are not told that you blocked them. You can unblock at any time (here or in Settings), but
        follows, offers and bag items do not come back.
      </Text>
    </Stack>
  );
}

/** The "…" menu with Report (and Block) on product pages, profiles, posts, comments and
 * message bubbles. Visitors are asked to log in first. */
export function ReportMenu({
  targetType,
  targetId,
  ownerId,
  withBlock,
  blocked,
  ownerName,
  label,
  onBlocked,
}: ReportMenuProps) {
  const me = useCurrentUser();
  const [opened, dialog] = useDisclosure(false);
  const [confirming, confirm] = useDisclosure(false);
  const block = useBlockToggle();
  // Blocked from the dialog: the focus goes where the page says, not back to the menu item.
  const [blockedHere, setBlockedHere] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const focusWhenShown = useFocusWhenShown();
  if (me?.id === ownerId) return null;
  const who = ownerName ?? 'this member';

  function report() {
    if (!me) return promptLogin('report something');
    dialog.open();
  }

  function askToBlock() {
    if (!me) return promptLogin('block a member');
    setBlockedHere(false);
    confirm.open();
  }

  function blockOwner() {
    block.mutate(
      { userId: ownerId, block: true },
      {
        onSuccess: () => {
          setBlockedHere(true);
          confirm.close();
          if (onBlocked) onBlocked();
          else focusWhenShown(() => menuButton.current);
          notifySuccess('Member blocked', 'You will no longer see each other. Undo it here or in Settings.');
        },
        onError: (error) => notifyError(errorMessage(error, 'Could not block this member.')),
      },
    );
  }

  function unblockOwner() {
    block.mutate(
      { userId: ownerId, block: false },
      {
        onSuccess: () => notifySuccess('Member unblocked'),
        onError: (error) => notifyError(errorMessage(error, 'Could not unblock this member.')),
      },
    );
  }

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon ref={menuButton} variant="subtle" color="gray" aria-label={label ?? 'More actions'}>
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconFlag size={16} aria-hidden />} onClick={report}>
            Report
          </Menu.Item>
          {withBlock && blocked && (
            <Menu.Item leftSection={<IconBan size={16} aria-hidden />} onClick={unblockOwner}>
              Unblock
            </Menu.Item>
          )}
          {withBlock && !blocked && (
            <Menu.Item color="red" leftSection={<IconBan size={16} aria-hidden />} onClick={askToBlock}>
              Block
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={confirming}
        onCancel={confirm.close}
        title={`Block ${who}?`}
        confirmLabel="Block"
        confirmColor="red"
        pending={block.isPending}
        onConfirm={blockOwner}
        returnFocus={!blockedHere}
      >
        <BlockConsequences who={who} />
      </ConfirmDialog>
      {opened && (
        <ReportDialog opened={opened} onClose={dialog.close} targetType={targetType} targetId={targetId} />
      )}
    </>
  );
}
