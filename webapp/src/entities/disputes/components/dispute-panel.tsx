import { Alert, Badge, Button, Group, Image, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useId, useRef, useState, type Ref } from 'react';
import { useItemLabel } from '@/components/item-label';
import { NewTabLink } from '@/components/new-tab-link';
import type { Order } from '@/entities/order/order';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/formatters';
import { notifySuccess } from '@/lib/notify';
import { useFocusWhenShown } from '@/lib/use-focus-when-shown';
import {
  DETAILS_MIN,
  DISPUTE_REASONS,
  useOpenDispute,
  useOrderDispute,
  useRespond,
  type Dispute,
  type DisputeReason,
} from '../api';
import { PhotoInput } from './photo-input';

const DISPUTABLE = new Set(['shipped', 'delivered']);

function Photos({ photos }: { photos: string[] }) {
  if (!photos.length) return null;
  return (
    <Group gap="xs">
      {photos.map((photo, index) => (
        <NewTabLink key={photo} href={photo}>
          <Image src={photo} alt={`Evidence photo ${index + 1}`} w={72} h={72} radius="sm" fit="cover" />
        </NewTabLink>
      ))}
    </Group>
  );
}

/** Why Open dispute is disabled, in words (null when it is not). */
function whyDisabled(reason: DisputeReason | null, details: string): string | null {
  if (!reason) return 'Choose what went wrong to open the dispute.';
  const missing = DETAILS_MIN - details.trim().length;
  if (missing > 0) {
    return `Describe the problem in at least ${DETAILS_MIN} characters to open the dispute (${missing} more).`;
  }
  return null;
}

/** Why no claim can be opened now, in the server's words, and from when one can (null when
 *  one can now). The server judges the window (order.disputeReasons, domain/disputes.py). */
function whyClosed(order: Order): string | null {
  if (order.disputeReasons?.length) return null;
  const why = order.disputeWhyNot ?? 'This order cannot be disputed now.';
  return order.disputeOpensAt
    ? `${why} You can open a dispute from ${formatDateTime(order.disputeOpensAt)}.`
    : why;
}

interface OpenFormProps {
  order: Order;
  onCancel: () => void;
  /** The dispute is open: the panel moves the focus to it once it is drawn. */
  onOpened: () => void;
  /** What takes the focus when the form opens: its first field, or why no claim can be made. */
  firstRef: Ref<HTMLElement>;
}

function OpenForm({ order, onCancel, onOpened, firstRef }: OpenFormProps) {
  // Only the claims the server says the buyer may make now.
  const reasons = order.disputeReasons ?? [];
  const closed = whyClosed(order);
  const [reason, setReason] = useState<DisputeReason | null>(reasons.length === 1 ? reasons[0] : null);
  const [details, setDetails] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const open = useOpenDispute(order.id);
  const errors = fieldErrors(open.error);
  const short = details.trim().length < DETAILS_MIN;
  const disabledWhy = whyDisabled(reason, details);
  const hintId = useId();
  if (closed) {
    // Nothing to claim yet (or any more): say when it becomes possible instead of a form.
    return (
      <Stack gap="sm">
        <Alert
          ref={firstRef as Ref<HTMLDivElement>}
          tabIndex={-1}
          color="orange"
          title={order.status === 'shipped' ? 'You cannot open a dispute yet' : 'You cannot open a dispute'}
          role="status"
        >
          {closed}
        </Alert>
        <Button variant="default" size="xs" onClick={onCancel} style={{ alignSelf: 'flex-start' }}>
          Close
        </Button>
      </Stack>
    );
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason || short) return;
        open.mutate(
          { reason, details, photos },
          {
            onSuccess: () => {
              notifySuccess('Dispute opened', 'The payment is on hold while we look into it.');
              onOpened();
            },
          },
        );
      }}
    >
      <Stack gap="sm">
        <Select
          ref={firstRef as Ref<HTMLInputElement>}
          label="What went wrong?"
          required
          allowDeselect={false}
          value={reason}
          onChange={(v) => setReason(v as DisputeReason)}
          data={DISPUTE_REASONS.filter((r) => reasons.includes(r.value)).map((r) => ({
            value: r.value,
            label: r.label,
          }))}
          description={
            order.status === 'shipped'
              ? 'Until the order is delivered, you can only report it as not received.'
              : undefined
          }
          error={errors.reason}
        />
        <Textarea
          label="Describe the problem"
          required
          autosize
          minRows={3}
          value={details}
          onChange={(event) => setDetails(event.currentTarget.value)}
          maxLength={2000}
          description={`At least ${DETAILS_MIN} characters`}
          error={errors.details}
        />
        <PhotoInput photos={photos} onChange={setPhotos} />
        {open.isError && !Object.keys(errors).length && (
          <Text c="red" size="sm" role="alert">
            {errorMessage(open.error, 'Could not open the dispute.')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            type="submit"
            color="orange"
            disabled={disabledWhy !== null}
            aria-describedby={disabledWhy ? hintId : undefined}
            loading={open.isPending}
          >
            Open dispute
          </Button>
        </Group>
        {disabledWhy && (
          <Text id={hintId} size="sm" c="dimmed" ta="right" data-testid="dispute-disabled-why">
            {disabledWhy}
          </Text>
        )}
      </Stack>
    </form>
  );
}

const SEND_ANSWER = 'Send answer';

/** The seller's answer, or the buyer's addition to their claim: `label` names the box and
 *  `action` its button. Once sent, the box is empty and takes the focus back (its button,
 *  which had it, is disabled until something is typed again). */
function ResponseForm({ dispute, label, action }: { dispute: Dispute; label: string; action: string }) {
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const respond = useRespond(dispute.id);
  const box = useRef<HTMLTextAreaElement>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!text.trim()) return;
        respond.mutate(
          { text, photos },
          {
            onSuccess: () => {
              setText('');
              setPhotos([]);
              box.current?.focus();
              notifySuccess(action === SEND_ANSWER ? 'Answer sent' : 'Added to your claim');
            },
          },
        );
      }}
    >
      <Stack gap="xs">
        <Textarea
          ref={box}
          label={label}
          autosize
          minRows={2}
          value={text}
          maxLength={2000}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <PhotoInput photos={photos} onChange={setPhotos} />
        {respond.isError && (
          <Text c="red" size="sm" role="alert">
            {errorMessage(respond.error, 'Could not send your answer.')}
          </Text>
        )}
        <Button
          type="submit"
          size="xs"
          disabled={!text.trim()}
          loading={respond.isPending}
          style={{ alignSelf: 'flex-end' }}
        >
          {action}
        </Button>
      </Stack>
    </form>
  );
}

/** The dispute of an order as its buyer or seller sees it: claim, answers, outcome.
 *  `headingRef`: its heading, which can then take the focus (the dispute just opened). */
export function DisputeDetails({
  dispute,
  role,
  headingRef,
}: {
  dispute: Dispute;
  role: 'buyer' | 'seller' | 'admin';
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const names: Record<number, string> = {};
  if (dispute.buyer) names[dispute.buyer.id] = `${dispute.buyer.displayName} (buyer)`;
  if (dispute.seller) names[dispute.seller.id] = `${dispute.seller.displayName} (seller)`;
  return (
    <Stack gap="xs" data-testid="dispute">
      <Group gap="xs">
        <Title order={3} size="h5" ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
          Dispute: {dispute.reasonLabel}
        </Title>
        <Badge color={dispute.status === 'open' ? 'orange' : 'gray'} variant="light">
          {dispute.status === 'open' ? 'Open' : 'Resolved'}
        </Badge>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {dispute.details}
      </Text>
      <Photos photos={dispute.photos} />
      {dispute.responses.map((response) => (
        <Stack
          key={response.id}
          gap={4}
          pl="md"
          style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}
        >
          <Text size="xs" c="dimmed">
            {names[response.authorId] ?? 'Member'} · {formatDate(response.createdAt)}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {response.text}
          </Text>
          <Photos photos={response.photos} />
        </Stack>
      ))}
      {dispute.status === 'resolved' && (
        <Alert
          color={dispute.outcome === 'refund' ? 'grape' : 'green'}
          title={`Outcome: ${dispute.outcomeLabel}`}
          data-testid="dispute-outcome"
        >
          {dispute.note || 'No note.'}
        </Alert>
      )}
      {dispute.status === 'open' && role === 'seller' && (
        <ResponseForm dispute={dispute} label="Your answer" action={SEND_ANSWER} />
      )}
      {dispute.status === 'open' && role === 'buyer' && (
        <ResponseForm dispute={dispute} label="Add to your claim" action="Add to claim" />
      )}
    </Stack>
  );
}

/** On an order card: the buyer's way to claim buyer protection, and the dispute once open.
 *  The focus follows each step: the form's first field when it opens, "Report a problem"
 *  again after Cancel, the dispute's heading once it is open. */
export function DisputePanel({ order, role }: { order: Order; role: 'buyer' | 'seller' }) {
  const [opening, setOpening] = useState(false);
  const focusWhenShown = useFocusWhenShown();
  const reportButton = useRef<HTMLButtonElement>(null);
  const firstField = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const itemLabel = useItemLabel();
  const hasDispute =
    order.status === 'disputed' ||
    order.status === 'refunded' ||
    order.events.some((e) => e.kind === 'dispute');
  const dispute = useOrderDispute(order.id, hasDispute);
  if (hasDispute) {
    if (dispute.isPending)
      return (
        <Text size="sm" c="dimmed">
          Loading the dispute…
        </Text>
      );
    if (dispute.isError) {
      return (
        <Text size="sm" c="red" role="alert">
          {errorMessage(dispute.error, 'Could not load the dispute.')}
        </Text>
      );
    }
    return dispute.data ? <DisputeDetails dispute={dispute.data} role={role} headingRef={heading} /> : null;
  }
  if (role !== 'buyer' || !DISPUTABLE.has(order.status)) return null;
  if (!opening) {
    return (
      <Button
        ref={reportButton}
        variant="subtle"
        color="orange"
        size="xs"
        leftSection={<IconShieldCheck size={16} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
        aria-label={itemLabel('Report a problem with this order')}
        onClick={() => {
          setOpening(true);
          focusWhenShown(() => firstField.current);
        }}
      >
        Report a problem with this order
      </Button>
    );
  }
  return (
    <OpenForm
      order={order}
      firstRef={firstField}
      onCancel={() => {
        setOpening(false);
        focusWhenShown(() => reportButton.current);
      }}
      onOpened={() => focusWhenShown(() => heading.current)}
    />
  );
}
