import { Text, Timeline } from '@mantine/core';
import { IconCircleDot } from '@tabler/icons-react';
import type { OrderEvent } from '../api';

const when = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Every change of the order (who did it is implied by the step), oldest first. */
export function OrderTimeline({ events }: { events: OrderEvent[] }) {
  return (
    <Timeline active={events.length - 1} bulletSize={16} lineWidth={2} aria-label="Order timeline">
      {events.map((event, index) => (
        <Timeline.Item key={`${event.at}-${index}`} bullet={<IconCircleDot size={10} />} title={event.label}>
          <Text size="xs" c="dimmed">
            {when.format(new Date(event.at))}
            {event.actorId === null && event.kind === 'status' ? ' · automatically' : ''}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
