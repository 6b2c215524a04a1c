import { Anchor, Button, Center, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useRef, useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { PageLoader } from '@/components/page-loader';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/formatters';
import { useFocusWhenShown } from '@/lib/use-focus-when-shown';
import { useShownFrom } from '@/lib/use-shown-from';
import { useAudit, type AuditEntry } from '../api';

const ACTIONS = [
  ['payment_confirmed', 'Payment confirmed'],
  ['address_edited', 'Address edited'],
  ['report_resolved', 'Report resolved'],
  ['listing_hidden', 'Listing hidden'],
  ['listing_restored', 'Listing restored'],
  ['post_hidden', 'Post hidden'],
  ['post_restored', 'Post restored'],
  ['comment_hidden', 'Comment hidden'],
  ['comment_restored', 'Comment restored'],
  ['user_suspended', 'Member suspended'],
  ['user_unsuspended', 'Member unsuspended'],
  ['dispute_resolved', 'Dispute resolved'],
  ['admin_granted', 'Admin granted'],
  ['admin_revoked', 'Admin revoked'],
] as const;
const LABEL: Record<string, string> = Object.fromEntries(ACTIONS);
/** Marks each entry (a table row, or a block on a phone) with its id: after Load more the
 *  first new one takes the focus. */
const ENTRY = 'data-list-item';

/** Who did it: the operator at a terminal, else the administrator by name (their id when
 * the account is gone). */
function adminOf(entry: AuditEntry): string {
  if (entry.adminId === null) return 'Operator (CLI)';
  return entry.adminUsername ? `@${entry.adminUsername}` : `#${entry.adminId}`;
}

/** What it was done to, as the server names it ('Order 42-K3Z0QF', 'Listing “Wool coat”'),
 * linked where the server says it is seen (none: no page, or gone). */
function Target({ entry }: { entry: AuditEntry }) {
  const to = entry.targetLink;
  return to ? (
    <Anchor component={Link} to={to} size="sm">
      {entry.targetLabel}
    </Anchor>
  ) : (
    entry.targetLabel
  );
}

function EntryTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label="Audit log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Admin</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Target</Table.Th>
            <Table.Th>Note</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id} tabIndex={-1} data-list-item={entry.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.createdAt)}</Table.Td>
              <Table.Td>{adminOf(entry)}</Table.Td>
              <Table.Td>{LABEL[entry.action] ?? entry.action}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Target entry={entry} />
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.note}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone: one block per entry (when · who, the action, its target, the note), read
 * top to bottom with no sideways scrolling. */
function EntryBlocks({ entries }: { entries: AuditEntry[] }) {
  return (
    <Stack gap="xs" role="list" aria-label="Audit log">
      {entries.map((entry) => (
        <Paper
          key={entry.id}
          withBorder
          radius="md"
          p="sm"
          role="listitem"
          tabIndex={-1}
          data-list-item={entry.id}
        >
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {formatDateTime(entry.createdAt)} · {adminOf(entry)}
            </Text>
            <Text size="sm" fw={600}>
              {LABEL[entry.action] ?? entry.action}
            </Text>
            <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
              <Target entry={entry} />
            </Text>
            {entry.note && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {entry.note}
              </Text>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** /admin?tab=audit: every administrator action, newest first, a page at a time (read only). */
export function AuditLog() {
  const [action, setAction] = useState<string | null>(null);
  const audit = useAudit(action ?? '');
  const wide = useShownFrom('sm');
  const entries = audit.data?.pages.flatMap((page) => page.items) ?? [];
  const list = useRef<HTMLDivElement>(null);
  const focusWhenShown = useFocusWhenShown();
  // The button is busy (disabled) while the page loads, and goes after the last one: the
  // first new entry takes the focus, so the keyboard carries on where the reading does.
  const loadMore = () => {
    const shown = entries.length;
    focusWhenShown(() => list.current?.querySelectorAll<HTMLElement>(`[${ENTRY}]`)[shown]);
    void audit.fetchNextPage();
  };
  return (
    <Stack gap="md">
      <Select
        label="Action"
        placeholder="Every action"
        clearable
        value={action}
        onChange={setAction}
        data={ACTIONS.map(([value, label]) => ({ value, label }))}
        style={{ maxWidth: 280 }}
      />
      {audit.isPending && <PageLoader inline label="Loading the audit log" />}
      {audit.isError && !audit.isFetchNextPageError && (
        <LoadFailed
          title="Failed to load the audit log"
          description={errorMessage(audit.error, audit.error.message)}
          onRetry={() => void audit.refetch()}
        />
      )}
      {audit.isSuccess && entries.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {action ? 'No entries for this action yet' : 'No administrator actions recorded yet'}
        </Text>
      )}
      {entries.length > 0 && (
        <div ref={list}>{wide ? <EntryTable entries={entries} /> : <EntryBlocks entries={entries} />}</div>
      )}
      {audit.hasNextPage && (
        <Center>
          <Button variant="default" loading={audit.isFetchingNextPage} onClick={loadMore}>
            Load more
          </Button>
        </Center>
      )}
      {audit.isFetchNextPageError && (
        <Text c="red" ta="center" size="sm" role="alert">
          Failed to load more entries. Use Load more to try again.
        </Text>
      )}
    </Stack>
  );
}
