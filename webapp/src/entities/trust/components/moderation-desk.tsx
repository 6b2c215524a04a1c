import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadFailed } from '@/components/load-failed';
import { PageLoader } from '@/components/page-loader';
import { errorMessage } from '@/lib/api-client';
import { formatCountOf, formatDate, formatDateTime } from '@/lib/formatters';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  REPORT_REASONS,
  useReportGroups,
  useResolveReport,
  type ReportGroup,
  type ReportItem,
  type Resolved,
  type ResolveAction,
} from '../api';
import { SELLER_CLOSED_NOTE, hiddenWhileSuspended } from './hidden-notice';
import { HideConfirm, SuspendConfirm } from './moderation-confirm';
import { RestoreContentButton, RestoreListingButton, UnsuspendButton } from './moderation-undo';

const REASON_LABEL = Object.fromEntries(REPORT_REASONS.map((r) => [r.value, r.label]));
const TARGET_LABEL: Record<string, string> = {
  listing: 'Listing',
  user: 'Member',
  post: 'Style post',
  comment: 'Comment',
  message: 'Message',
};
/** Whom "Suspend …" suspends, named as the card names them: a reported member is no one's
 *  owner, and a message has a sender. */
const SUSPEND_LABEL: Record<string, string> = {
  user: 'Suspend member',
  message: 'Suspend sender',
};
/** How many reporters the card names before it counts the rest. */
const NAMED_REPORTERS = 3;

/** The toast after an action: a suspension says whose and until when (in the reader's
 *  zone), then how many reports it closed. */
function resolvedToast(result: Resolved, username: string | undefined): [string, string] {
  const closed = `${formatCountOf(result.resolved, 'report')} closed.`;
  const { suspension } = result;
  if (!suspension) return ['Reports resolved', closed];
  const until = suspension.endsAt ? `until ${formatDateTime(suspension.endsAt)}` : 'until lifted';
  return ['Member suspended', `${username ? `@${username}` : 'The member'} is suspended ${until}. ${closed}`];
}

/** "Reported by @sofia, @theo and 2 others" (a member reports a target once; a closed
 *  account is counted, not named). */
function reportedBy(reports: ReportItem[]): string {
  const parts = reports
    .flatMap((r) => (r.reporterUsername ? [`@${r.reporterUsername}`] : []))
    .slice(0, NAMED_REPORTERS);
  const others = reports.length - parts.length;
  if (others > 0) parts.push(formatCountOf(others, parts.length ? 'other' : 'member'));
  const last = parts.pop();
  return `Reported by ${parts.length ? `${parts.join(', ')} and ${last}` : last}`;
}

interface GroupCardProps {
  group: ReportGroup;
  open: boolean;
  /** This card's action is done and it leaves the list: where the focus goes. */
  onResolved: () => void;
}

function GroupCard({ group, open, onResolved }: GroupCardProps) {
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState<'hide' | 'suspend' | null>(null);
  const resolve = useResolveReport();
  const card = useRef<HTMLElement>(null);
  const hideButton = useRef<HTMLButtonElement>(null);
  const suspendButton = useRef<HTMLButtonElement>(null);
  const link = group.targetLink;
  const title = group.targetLabel;
  const what = TARGET_LABEL[group.targetType].toLowerCase();
  // A moderator's hiding is restored here; one by the owner's suspension is not (the server
  // refuses it): it comes back when the suspension is lifted (Unsuspend) or ends.
  const bySuspension = group.targetHidden && group.targetHiddenCause === 'suspension';
  // Nor a listing whose seller closed their account: no one is left to sell it.
  const sellerGone = group.targetHidden && group.targetType === 'listing' && !!group.owner?.deleted;
  const restorable = group.targetHidden && !bySuspension && !sellerGone;

  function act(action: ResolveAction, days?: number | null) {
    resolve.mutate(
      { id: group.id, action, note, days },
      {
        onSuccess: (result) => {
          setConfirming(null);
          notifySuccess(...resolvedToast(result, group.owner?.username));
          onResolved();
        },
        onError: (error) => notifyError(errorMessage(error, 'Could not resolve the reports.')),
      },
    );
  }

  function cancel() {
    const trigger = confirming === 'hide' ? hideButton : suspendButton;
    setConfirming(null);
    trigger.current?.focus();
  }

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={title} ref={card} tabIndex={-1}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
            {group.targetImage && (
              <Image src={group.targetImage} alt="" w={56} h={56} radius="sm" fit="cover" />
            )}
            <Stack gap={2} miw={0}>
              <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
                {link ? (
                  <Anchor component={Link} to={link}>
                    {title}
                  </Anchor>
                ) : (
                  title
                )}
              </Title>
              <Text size="sm" c="dimmed">
                {reportedBy(group.reports)}
              </Text>
            </Stack>
          </Group>
          <Badge color={open ? 'red' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
            {formatCountOf(group.count, 'report')}
          </Badge>
        </Group>
        {group.targetText && (
          <Text
            component="blockquote"
            size="sm"
            m={0}
            pl="sm"
            style={{
              borderLeft: '3px solid var(--mantine-color-default-border)',
              whiteSpace: 'pre-line',
              overflowWrap: 'anywhere',
            }}
          >
            {group.targetText}
          </Text>
        )}
        {/* A member's own report names them in its title: no owner line repeats it. */}
        {group.owner && group.targetType !== 'user' && (
          <Text size="sm">
            {group.targetType === 'message' ? 'Sent by' : 'Owner:'}{' '}
            <Anchor component={Link} to={`/profile/${group.owner.id}`}>
              @{group.owner.username}
            </Anchor>
          </Text>
        )}
        <Group gap={6}>
          {Object.entries(group.reasons).map(([reason, count]) => (
            <Badge key={reason} variant="outline" tt="none">
              {REASON_LABEL[reason] ?? reason} × {count}
            </Badge>
          ))}
        </Group>
        {group.reports
          .filter((r) => r.details)
          .map((r) => (
            <Text key={r.id} size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              “{r.details}” · {formatDate(r.createdAt)}
            </Text>
          ))}
        {!open && group.outcome && (
          <Text size="sm">
            Outcome: {group.outcome}
            {group.outcomeNote ? ` — ${group.outcomeNote}` : ''}
          </Text>
        )}
        {!open && bySuspension && (
          <Text size="sm">
            {hiddenWhileSuspended(group.targetType === 'listing' ? 'seller' : 'author')}: it comes back when
            the suspension is lifted or ends, so it cannot be restored.
          </Text>
        )}
        {!open && sellerGone && <Text size="sm">{SELLER_CLOSED_NOTE}</Text>}
        {!open && (
          <Group gap="xs">
            {group.targetType === 'listing' && restorable && (
              <RestoreListingButton
                size="xs"
                listingId={group.targetId}
                onDone={() => card.current?.focus()}
              />
            )}
            {(group.targetType === 'post' || group.targetType === 'comment') && restorable && (
              <RestoreContentButton
                size="xs"
                kind={group.targetType}
                targetId={group.targetId}
                onDone={() => card.current?.focus()}
              />
            )}
            {group.ownerSuspended && group.owner && (
              <UnsuspendButton
                size="xs"
                userId={group.owner.id}
                username={group.owner.username}
                onDone={() => card.current?.focus()}
              />
            )}
          </Group>
        )}
        {open && (
          <>
            <Textarea
              label="Note (kept in the audit log)"
              value={note}
              autosize
              minRows={1}
              onChange={(event) => setNote(event.currentTarget.value)}
              maxLength={1000}
            />
            <Group gap="xs">
              <Button variant="default" size="xs" loading={resolve.isPending} onClick={() => act('dismiss')}>
                Dismiss
              </Button>
              {group.canHide && (
                <Button color="orange" size="xs" ref={hideButton} onClick={() => setConfirming('hide')}>
                  Hide {what}
                </Button>
              )}
              <Button color="red" size="xs" ref={suspendButton} onClick={() => setConfirming('suspend')}>
                {SUSPEND_LABEL[group.targetType] ?? 'Suspend owner'}
              </Button>
            </Group>
            {group.hideWhyNot && (
              <Text size="sm" c="dimmed">
                {group.hideWhyNot}
              </Text>
            )}
            <HideConfirm
              opened={confirming === 'hide'}
              onCancel={cancel}
              note={note}
              onNoteChange={setNote}
              pending={resolve.isPending}
              what={what}
              onConfirm={() => act('hide')}
            />
            <SuspendConfirm
              opened={confirming === 'suspend'}
              onCancel={cancel}
              note={note}
              onNoteChange={setNote}
              pending={resolve.isPending}
              username={group.owner?.username ?? 'this member'}
              onConfirm={(days) => act('suspend', days)}
            />
          </>
        )}
      </Stack>
    </Card>
  );
}

/** /admin?tab=moderation: reports grouped by what they are about, resolved with one action. */
export function ModerationDesk() {
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const groups = useReportGroups(status);
  const list = useRef<HTMLDivElement>(null);
  return (
    <Stack gap="md" ref={list} tabIndex={-1} role="region" aria-label="Reports">
      <SegmentedControl
        value={status}
        onChange={(value) => setStatus(value as 'open' | 'resolved')}
        data={[
          { value: 'open', label: 'Open' },
          { value: 'resolved', label: 'Resolved' },
        ]}
        aria-label="Report status"
        style={{ alignSelf: 'flex-start' }}
      />
      {groups.isPending && <PageLoader inline label="Loading reports" />}
      {groups.isError && (
        <LoadFailed
          title="Failed to load reports"
          description={errorMessage(groups.error, groups.error.message)}
          onRetry={() => void groups.refetch()}
        />
      )}
      {groups.isSuccess && groups.data.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {status === 'open' ? 'No open reports. Nothing needs your attention.' : 'No resolved reports yet'}
        </Text>
      )}
      {groups.data?.map((group) => (
        <GroupCard
          key={`${group.targetType}-${group.targetId}`}
          group={group}
          open={status === 'open'}
          onResolved={() => list.current?.focus()}
        />
      ))}
    </Stack>
  );
}
