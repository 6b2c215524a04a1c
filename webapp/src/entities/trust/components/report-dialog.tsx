import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { DETAILS_MAX, REPORT_REASONS, sendReport, type ReportReason, type ReportTarget } from '../api';

const WHAT: Record<ReportTarget, string> = {
  listing: 'this listing',
  user: 'this member',
  post: 'this post',
  comment: 'this comment',
  message: 'this message',
};

interface ReportDialogProps {
  opened: boolean;
  onClose: () => void;
  targetType: ReportTarget;
  targetId: number;
}

/**
 * What had focus as the dialog opened: the "…" button when that was a menu's item, since the
 * item is gone by the time the dialog closes (read while rendering, before the menu unmounts).
 */
function opener(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"]');
  const target = menu && document.getElementById(menu.getAttribute('aria-labelledby') ?? '');
  return target ?? active;
}

/** The reasons to choose from and optional details; the server answers 409 on a repeat. */
export function ReportDialog({ opened, onClose, targetType, targetId }: ReportDialogProps) {
  const [trigger] = useState(opener);
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const report = useMutation({
    mutationFn: () => sendReport({ targetType, targetId, reason: reason as ReportReason, details }),
    onSuccess: () => {
      notifySuccess('Report sent', 'Thank you. Our team will look at it.');
      close();
    },
  });
  const errors = fieldErrors(report.error);

  function close() {
    setReason('');
    setDetails('');
    report.reset();
    onClose();
    // Focus goes back to the button that opened the dialog (Escape, Cancel or sent).
    window.setTimeout(() => {
      if (trigger?.isConnected) trigger.focus();
    });
  }

  return (
    <Modal opened={opened} onClose={close} title={`Report ${WHAT[targetType]}`} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (reason) report.mutate();
        }}
      >
        <Stack gap="md">
          <Radio.Group
            label="Why are you reporting it?"
            value={reason}
            onChange={(value) => setReason(value as ReportReason)}
            error={errors.reason}
            required
          >
            <Stack gap={6} mt="xs">
              {REPORT_REASONS.map((item) => (
                <Radio key={item.value} value={item.value} label={item.label} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label="Details (optional)"
            value={details}
            onChange={(event) => setDetails(event.currentTarget.value)}
            maxLength={DETAILS_MAX}
            autosize
            minRows={3}
            error={errors.details}
            description={`${details.length}/${DETAILS_MAX}`}
          />
          {report.isError && !Object.keys(errors).length && (
            <Text c="red" size="sm" role="alert">
              {errorMessage(report.error, 'Could not send the report. Please try again.')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" disabled={!reason} loading={report.isPending}>
              Send report
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
