import { Anchor, Select, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { PageLoader } from '@/components/page-loader';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/formatters';
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

/** Who did it: the operator at a terminal, else the administrator by name (their id when
 * the account is gone). */
function adminOf(entry: AuditEntry): string {
  if (entry.adminId === null) return 'Operator (CLI)';
  return entry.adminUsername ? `@${entry.adminUsername}` : `#${entry.adminId}`;
}

/** What it was done to, linked where the server says it is seen (none: no page, or gone). */
function TargetCell({ entry }: { entry: AuditEntry }) {
  const name = `${entry.targetType} #${entry.targetId}`;
  const to = entry.targetLink;
  return to ? (
    <Anchor component={Link} to={to} size="sm">
      {name}
    </Anchor>
  ) : (
    name
  );
}

/** /admin?tab=audit: every administrator action, newest first (read only). */
export function AuditLog() {
  const [action, setAction] = useState<string | null>(null);
  const audit = useAudit(action ?? '');
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
      {audit.isError && (
        <LoadFailed
          title="Failed to load the audit log"
          description={errorMessage(audit.error, audit.error.message)}
          onRetry={() => void audit.refetch()}
        />
      )}
      {audit.isSuccess && audit.data.items.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          No administrator actions recorded yet
        </Text>
      )}
      {audit.isSuccess && audit.data.items.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
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
              {audit.data.items.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{formatDate(entry.createdAt)}</Table.Td>
                  <Table.Td>{adminOf(entry)}</Table.Td>
                  <Table.Td>{LABEL[entry.action] ?? entry.action}</Table.Td>
                  <Table.Td>
                    <TargetCell entry={entry} />
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.note}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
