import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { saveShippingAddress } from './api';
import { EMPTY_ADDRESS } from './address-validation';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('saveShippingAddress (spec §4 Checkout)', () => {
  it('retries silently after 1 s and again 3 s later', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const server = fakeServer({
      'POST /api/orders/7/shipping-address': () => {
        calls += 1;
        return calls < 3 ? json({ message: 'busy' }, 503) : json({ id: 7 });
      },
      'GET /api/csrf': () => new Response(null, { status: 204 }),
    });
    document.cookie = 'csrftoken=t';
    const saved = saveShippingAddress(7, EMPTY_ADDRESS);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(2999);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(saved).resolves.toBe(true);
    expect(calls).toBe(3);
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(3);
  });

  it('gives up quietly after the third failure', async () => {
    vi.useFakeTimers();
    fakeServer({ 'POST /api/orders/7/shipping-address': () => json({ message: 'no' }, 500) });
    document.cookie = 'csrftoken=t';
    const saved = saveShippingAddress(7, EMPTY_ADDRESS);
    await vi.advanceTimersByTimeAsync(4000);
    await expect(saved).resolves.toBe(false);
  });
});
