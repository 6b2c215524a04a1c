import { Text, Timeline } from '@mantine/core';
import type { OrderEvent } from '../api';

const when = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

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
              {when.format(new Date(event.at))}
              {event.actorId === null && event.kind === 'status' ? ' · automatically' : ''}
            </Text>
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
