import { act } from '@testing-library/react';
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

  it('leaves the page without the attribute while no one is signed in', () => {
    setSession('anonymous');
    render(<RealtimeBridge />);
    expect(FakeSocket.opened).toHaveLength(0);
    expect(realtimeState()).toBeUndefined();
  });
});
