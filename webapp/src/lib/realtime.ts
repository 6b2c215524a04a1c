import { create } from 'zustand';

/** An event from /ws: `auth_success`, `new_message`, `message_sent`, `notification`, ... */
export interface RealtimeEvent {
  type: string;
  [key: string]: unknown;
}

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'closed';
type Listener = (event: RealtimeEvent) => void;

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
/** Close codes after which retrying cannot help (not logged in, wrong user). */
const FINAL_CODES = new Set([4401, 4403]);

interface RealtimeState {
  status: RealtimeStatus;
  /** True once a connection attempt failed and has not since succeeded. */
  failed: boolean;
}

export const useRealtimeStore = create<RealtimeState>()(() => ({ status: 'idle', failed: false }));

/**
 * The one socket to /ws (spec §4 Messaging): opens while logged in, authenticates with the
 * user's id, waits for auth_success, and reconnects with exponential backoff when dropped.
 */
class RealtimeConnection {
  private socket: WebSocket | undefined;
  private userId: number | undefined;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<Listener>();

  connect(userId: number): void {
    if (this.userId === userId && this.socket) return;
    this.disconnect();
    this.userId = userId;
    this.open();
  }

  disconnect(): void {
    this.userId = undefined;
    clearTimeout(this.retryTimer);
    const socket = this.socket;
    this.socket = undefined;
    socket?.close(1000, 'logout');
    useRealtimeStore.setState({ status: 'idle', failed: false });
  }

  /** Sends when authenticated; false means "not connected" (the caller falls back to HTTP). */
  send(message: Record<string, unknown>): boolean {
    if (!this.socket || useRealtimeStore.getState().status !== 'open') return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private open(): void {
    const userId = this.userId;
    if (userId === undefined) return;
    const url = new URL('/ws', window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(url);
    this.socket = socket;
    useRealtimeStore.setState({ status: 'connecting' });
    socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', userId }));
    socket.onmessage = (message) => this.receive(socket, message);
    socket.onerror = () => {
      if (this.socket === socket) useRealtimeStore.setState({ failed: true });
    };
    socket.onclose = (closed) => this.closed(socket, closed.code);
  }

  private receive(socket: WebSocket, message: MessageEvent): void {
    if (this.socket !== socket) return;
    let event: RealtimeEvent;
    try {
      event = JSON.parse(String(message.data)) as RealtimeEvent;
    } catch {
      return;
    }
    if (event.type === 'auth_success') {
      this.retryMs = FIRST_RETRY_MS;
      useRealtimeStore.setState({ status: 'open', failed: false });
    }
    this.listeners.forEach((listener) => listener(event));
  }

  private closed(socket: WebSocket, code: number): void {
    if (this.socket !== socket) return;
    this.socket = undefined;
    useRealtimeStore.setState({ status: 'closed' });
    if (this.userId === undefined || FINAL_CODES.has(code)) return;
    this.retryTimer = setTimeout(() => this.open(), this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
  }
}

export const realtime = new RealtimeConnection();
