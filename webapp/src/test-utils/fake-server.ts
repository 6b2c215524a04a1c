import { vi } from 'vitest';

export type Handler = (request: Request) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Replaces global fetch with a small in-memory server: `routes` maps 'METHOD /path' to a handler.
 * Unknown routes answer 404. Every request is recorded in `requests`.
 */
export function fakeServer(routes: Record<string, Handler>) {
  const requests: Request[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request.clone());
    const { pathname } = new URL(request.url);
    const handler = routes[`${request.method} ${pathname}`];
    return handler ? handler(request) : json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchStub);
  return { requests, fetch: fetchStub };
}
