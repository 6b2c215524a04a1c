import { Group, Radio, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SUSPENSION_CHOICES } from '../api';

interface ConfirmProps {
  opened: boolean;
  /** Cancel (Escape, the close button, "Cancel"). */
  onCancel: () => void;
  /** The note the desk keeps in the audit log, edited here too. */
  note: string;
  onNoteChange: (note: string) => void;
  pending: boolean;
}

const NOTE_MAX = 1000;

/** The reason the desk keeps in the audit log (and the owner is told). */
function Reason({
  description,
  note,
  onNoteChange,
}: Pick<ConfirmProps, 'note' | 'onNoteChange'> & { description?: string }) {
  return (
    <Textarea
      label="Reason (kept in the audit log)"
      description={description}
      value={note}
      autosize
      minRows={2}
      maxLength={NOTE_MAX}
      onChange={(event) => onNoteChange(event.currentTarget.value)}
    />
  );
}

/** "Hide this listing?" (or post, comment): what hiding does, and the reason the owner is told. */
export function HideConfirm({
  opened,
  onCancel,
  note,
  onNoteChange,
  pending,
  what,
  onConfirm,
}: ConfirmProps & { what: string; onConfirm: () => void }) {
  return (
    <ConfirmDialog
      opened={opened}
      onCancel={onCancel}
      title={`Hide this ${what}?`}
      returnFocus={false}
      confirmLabel={`Hide ${what}`}
      confirmColor="orange"
      pending={pending}
      onConfirm={onConfirm}
    >
      <Text size="sm">
        {what === 'listing'
          ? 'It leaves the shop and search at once and its open offers are declined. The seller is notified, with the reason below.'
          : `Only its author and administrators will see this ${what}.`}{' '}
        You can restore it later from the Resolved tab.
      </Text>
      <Reason
        description={what === 'listing' ? 'The seller sees it. Empty: the reports’ reason.' : undefined}
        note={note}
        onNoteChange={onNoteChange}
      />
    </ConfirmDialog>
  );
}

/** "Suspend @maya?": how long (days the server accepts, or until lifted) and the reason. */
export function SuspendConfirm({
  opened,
  onCancel,
  note,
  onNoteChange,
  pending,
  username,
  onConfirm,
}: ConfirmProps & { username: string; onConfirm: (days: number | null) => void }) {
  const [choice, setChoice] = useState<string>('7');
  const days = SUSPENSION_CHOICES.find((c) => c.value === choice)?.days ?? null;
  return (
    <ConfirmDialog
      opened={opened}
      onCancel={onCancel}
      title={`Suspend @${username}?`}
      returnFocus={false}
      confirmLabel="Suspend member"
      confirmColor="red"
      pending={pending}
      onConfirm={() => onConfirm(days)}
    >
      <Text size="sm">
        Their sessions end at once and they cannot sign in; their open offers close and their listings leave
        the shop until the suspension is lifted.
      </Text>
      <Radio.Group label="How long" value={choice} onChange={setChoice}>
        <Group gap="md" mt={6}>
          {SUSPENSION_CHOICES.map((c) => (
            <Radio key={c.value} value={c.value} label={c.label} />
          ))}
        </Group>
      </Radio.Group>
      <Reason
        description="The member sees it when they try to sign in. Empty: the reports’ reason."
        note={note}
        onNoteChange={onNoteChange}
      />
    </ConfirmDialog>
  );
}
