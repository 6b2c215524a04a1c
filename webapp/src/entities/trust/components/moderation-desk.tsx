import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadFailed } from '@/components/load-failed';
import { PageLoader } from '@/components/page-loader';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/formatters';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  REPORT_REASONS,
  targetLink,
  useReportGroups,
  useResolveReport,
  type ReportGroup,
  type ResolveAction,
} from '../api';

const REASON_LABEL = Object.fromEntries(REPORT_REASONS.map((r) => [r.value, r.label]));
const TARGET_LABEL: Record<string, string> = {
  listing: 'Listing',
  user: 'Member',
  post: 'Style post',
  comment: 'Comment',
  message: 'Message',
};
const HIDEABLE = new Set(['listing', 'post', 'comment']);

function GroupCard({ group, open }: { group: ReportGroup; open: boolean }) {
  const [note, setNote] = useState('');
  const resolve = useResolveReport();
  const link = targetLink(group);
  const title = `${TARGET_LABEL[group.targetType]} #${group.targetId}`;

  function act(action: ResolveAction) {
    resolve.mutate(
      { id: group.id, action, note },
      {
        onSuccess: (result) => notifySuccess('Reports resolved', `${result.resolved} report(s) closed.`),
        onError: (error) => notifyError(errorMessage(error, 'Could not resolve the reports.')),
      },
    );
  }

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h5">
            {link ? (
              <Anchor component={Link} to={link}>
                {title}
              </Anchor>
            ) : (
              title
            )}
          </Title>
          <Badge color={open ? 'red' : 'gray'} variant="light">
            {group.count} {group.count === 1 ? 'report' : 'reports'}
          </Badge>
        </Group>
        {group.owner && (
          <Text size="sm">
            Owner:{' '}
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
        {!open && group.reports[0]?.action && (
          <Text size="sm">
            Outcome: {group.reports[0].action}
            {group.reports[0].note ? ` — ${group.reports[0].note}` : ''}
          </Text>
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
              {HIDEABLE.has(group.targetType) && (
                <Button color="orange" size="xs" loading={resolve.isPending} onClick={() => act('hide')}>
                  Hide {TARGET_LABEL[group.targetType].toLowerCase()}
                </Button>
              )}
              <Button color="red" size="xs" loading={resolve.isPending} onClick={() => act('suspend')}>
                Suspend owner
              </Button>
            </Group>
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
  return (
    <Stack gap="md">
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
        <GroupCard key={`${group.targetType}-${group.targetId}`} group={group} open={status === 'open'} />
      ))}
    </Stack>
  );
}
