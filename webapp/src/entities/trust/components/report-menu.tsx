import { ActionIcon, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBan, IconDots, IconFlag } from '@tabler/icons-react';
import { promptLogin } from '@/entities/session/login-prompt';
import { useCurrentUser } from '@/entities/session/session-store';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useBlockToggle, type ReportTarget } from '../api';
import { ReportDialog } from './report-dialog';

interface ReportMenuProps {
  targetType: ReportTarget;
  targetId: number;
  /** The member who owns the target: no menu on your own things. */
  ownerId: number;
  /** Offer "Block" for the owner too (profiles, message threads). */
  withBlock?: boolean;
  /** Accessible name of the menu button (e.g. "More actions for this comment"). */
  label?: string;
}

/** The "…" menu with Report (and Block) on product pages, profiles, posts, comments and
 * message bubbles. Visitors are asked to log in first. */
export function ReportMenu({ targetType, targetId, ownerId, withBlock, label }: ReportMenuProps) {
  const me = useCurrentUser();
  const [opened, dialog] = useDisclosure(false);
  const block = useBlockToggle();
  if (me?.id === ownerId) return null;

  function report() {
    if (!me) return promptLogin('report something');
    dialog.open();
  }

  function blockOwner() {
    if (!me) return promptLogin('block a member');
    block.mutate(
      { userId: ownerId, block: true },
      {
        onSuccess: () =>
          notifySuccess('Member blocked', 'You will no longer see each other. Undo it in Settings.'),
        onError: (error) => notifyError(errorMessage(error, 'Could not block this member.')),
      },
    );
  }

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={label ?? 'More actions'}>
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconFlag size={16} aria-hidden />} onClick={report}>
            Report
          </Menu.Item>
          {withBlock && (
            <Menu.Item color="red" leftSection={<IconBan size={16} aria-hidden />} onClick={blockOwner}>
              Block
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      {opened && (
        <ReportDialog opened={opened} onClose={dialog.close} targetType={targetType} targetId={targetId} />
      )}
    </>
  );
}
