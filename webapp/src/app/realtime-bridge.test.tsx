import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { realtime } from '@/lib/realtime';
import { render } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import { RealtimeBridge } from './realtime-bridge';

/** A WebSocket the test answers by hand (the server's auth_success or a drop). */
class FakeSocket {
  static opened: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;

  constructor() {
    FakeSocket.opened.push(this);
  }

  send() {}

  close() {}
}

const realtimeState = () => document.documentElement.dataset.realtime;

beforeEach(() => {
  FakeSocket.opened = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  realtime.disconnect();
  setSession('anonymous');
});

describe('RealtimeBridge', () => {
  it('marks the page data-realtime="ready" only once /ws has authenticated the user', () => {
    setSession('authenticated', makeUser({ id: 7 }));
    const { unmount } = render(<RealtimeBridge />);
    expect(realtimeState()).toBe('connecting');
    const socket = FakeSocket.opened[0];
    act(() => socket.onopen?.());
    expect(realtimeState()).toBe('connecting');
    act(() => socket.onmessage?.({ data: JSON.stringify({ type: 'auth_success', userId: 7 }) }));
    expect(realtimeState()).toBe('ready');
    act(() => socket.onclose?.({ code: 1006 }));
    expect(realtimeState()).toBe('closed');
    unmount();
    expect(realtimeState()).toBeUndefined();
  });

  it('refetches the bag when someone else orders an item in it (bag_changed)', async () => {
    setSession('authenticated', makeUser({ id: 7 }));
    const client = new QueryClient();
    const bag = vi.fn(() => Promise.resolve({ groups: [] }));
    const orders = vi.fn(() => Promise.resolve([]));
    await client.prefetchQuery({ queryKey: ['bag'], queryFn: bag });
    await client.prefetchQuery({ queryKey: ['orders'], queryFn: orders });
    render(
      <QueryClientProvider client={client}>
        <RealtimeBridge />
      </QueryClientProvider>,
    );
    const socket = FakeSocket.opened[0];
    act(() => socket.onmessage?.({ data: JSON.stringify({ type: 'auth_success', userId: 7 }) }));
    act(() => socket.onmessage?.({ data: JSON.stringify({ type: 'bag_changed', productIds: [3] }) }));
    await waitFor(() => expect(client.getQueryState(['bag'])?.isInvalidated).toBe(true));
    expect(client.getQueryState(['orders'])?.isInvalidated).toBe(false);
  });

  it("refetches an order's dispute with the order (order_updated: the other side answered)", async () => {
    setSession('authenticated', makeUser({ id: 7 }));
    const client = new QueryClient();
    await client.prefetchQuery({ queryKey: ['orders'], queryFn: () => Promise.resolve([]) });
    await client.prefetchQuery({ queryKey: ['disputes', 'order', 5], queryFn: () => Promise.resolve(null) });
    render(
      <QueryClientProvider client={client}>
        <RealtimeBridge />
      </QueryClientProvider>,
    );
    const socket = FakeSocket.opened[0];
    act(() => socket.onmessage?.({ data: JSON.stringify({ type: 'auth_success', userId: 7 }) }));
    act(() =>
      socket.onmessage?.({ data: JSON.stringify({ type: 'order_updated', orderId: 5, status: 'disputed' }) }),
    );
    await waitFor(() => expect(client.getQueryState(['disputes', 'order', 5])?.isInvalidated).toBe(true));
    expect(client.getQueryState(['orders'])?.isInvalidated).toBe(true);
  });

  it('leaves the page without the attribute while no one is signed in', () => {
    setSession('anonymous');
    render(<RealtimeBridge />);
    expect(FakeSocket.opened).toHaveLength(0);
    expect(realtimeState()).toBeUndefined();
  });
});
