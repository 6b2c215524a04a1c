import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { realtime, useRealtimeStore } from './realtime';

/** A stand-in for the browser's WebSocket that the test drives by hand. */
class FakeSocket {
  static opened: FakeSocket[] = [];
  readonly sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;

  constructor(readonly url: URL) {
    FakeSocket.opened.push(this);
  }

  send(data: string) {
    this.sent.push(data);
  }

  close() {}

  serverSays(event: object) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }

  drop(code = 1006) {
    this.onclose?.({ code });
  }
}

beforeEach(() => {
  FakeSocket.opened = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  realtime.disconnect();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('realtime connection', () => {
  it('authenticates as the user and is open only after auth_success', () => {
    realtime.connect(7);
    const socket = FakeSocket.opened[0];
    expect(socket.url.pathname).toBe('/ws');
    socket.onopen?.();
    expect(JSON.parse(socket.sent[0])).toEqual({ type: 'auth', userId: 7 });
    expect(realtime.send({ type: 'message' })).toBe(false);
    socket.serverSays({ type: 'auth_success', userId: 7 });
    expect(useRealtimeStore.getState().status).toBe('open');
    expect(realtime.send({ type: 'message', receiverId: 3, content: 'hi' })).toBe(true);
  });

  it('passes events to subscribers', () => {
    const seen: string[] = [];
    const stop = realtime.subscribe((event) => seen.push(event.type));
    realtime.connect(7);
    FakeSocket.opened[0].serverSays({ type: 'new_message' });
    stop();
    FakeSocket.opened[0].serverSays({ type: 'notification' });
    expect(seen).toEqual(['new_message']);
  });

  it('reconnects with growing delays, and resets them once authenticated', () => {
    realtime.connect(7);
    FakeSocket.opened[0].drop();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.opened).toHaveLength(2);
    FakeSocket.opened[1].drop();
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.opened).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.opened).toHaveLength(3);
    FakeSocket.opened[2].serverSays({ type: 'auth_success', userId: 7 });
    FakeSocket.opened[2].drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.opened).toHaveLength(4);
  });

  it('gives up when the server refuses the user, and stops on logout', () => {
    realtime.connect(7);
    FakeSocket.opened[0].drop(4403);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.opened).toHaveLength(1);
    realtime.connect(8);
    realtime.disconnect();
    FakeSocket.opened[1].drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.opened).toHaveLength(2);
    expect(useRealtimeStore.getState().status).toBe('idle');
  });
});
