import { Text, Timeline } from '@mantine/core';
import { formatDateTime } from '@/lib/formatters';
import type { OrderEvent } from '../api';

/** Every change of the order, oldest first, one line each. The items keep Mantine's spacing:
 *  each line segment reaches exactly to the next bullet (a negative margin drew them over
 *  each other). */
export function OrderTimeline({ events }: { events: OrderEvent[] }) {
  return (
    <Timeline active={events.length - 1} bulletSize={10} lineWidth={2} aria-label="Order timeline">
      {events.map((event, index) => (
        <Timeline.Item key={`${event.at}-${index}`}>
          <Text size="sm" lh={1.3}>
            <Text span fw={500} inherit>
              {event.label}
            </Text>
            <Text span c="dimmed" size="xs">
              {' · '}
              {formatDateTime(event.at)}
              {event.actorId === null && event.kind === 'status' ? ' · automatically' : ''}
            </Text>
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
