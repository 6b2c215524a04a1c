import { describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { api, ApiError, errorMessage, onUnauthorized, requestProblem } from './api-client';

describe('api client', () => {
  it('turns a non-OK response into "status: body"', async () => {
    fakeServer({ 'GET /api/user': () => new Response('Not logged in', { status: 401 }) });
    await expect(api.get('user').json()).rejects.toThrow('401: Not logged in');
  });

  it('falls back to the status text when the body is empty', async () => {
    fakeServer({
      'GET /api/boom': () => new Response(null, { status: 500, statusText: 'Internal Server Error' }),
    });
    await expect(api.get('boom')).rejects.toThrow('500: Internal Server Error');
  });

  it('exposes the parsed JSON body for field errors and toasts', async () => {
    const body = { message: 'Invalid input', errors: { username: 'Too short' } };
    fakeServer({ 'POST /api/register': () => json(body, 400) });
    document.cookie = 'csrftoken=abc';
    const error = await api.post('register', { json: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).data).toEqual(body);
    expect(errorMessage(error, 'Failed to register')).toBe('Invalid input');
    expect(errorMessage(new TypeError('network'), 'Failed to register')).toBe('Failed to register');
  });

  it("names a refused request by the server's sentence, never a failure a retry may pass", () => {
    const body = (message: string) => JSON.stringify({ message });
    expect(requestProblem(new ApiError(400, 'Bad Request', body('Maximum price too low')))).toBe(
      'Maximum price too low',
    );
    expect(requestProblem(new ApiError(404, 'Not Found', body('Listing not found')))).toBe(
      'Listing not found',
    );
    expect(requestProblem(new ApiError(400, 'Bad Request', 'not json'))).toBeNull();
    expect(requestProblem(new ApiError(429, 'Too Many Requests', body('Slow down')))).toBeNull();
    expect(requestProblem(new ApiError(503, 'Service Unavailable', body('Busy')))).toBeNull();
    expect(requestProblem(new TypeError('Failed to fetch'))).toBeNull();
  });

  it('sends the CSRF cookie as x-csrftoken on unsafe requests, with cookies', async () => {
    const server = fakeServer({ 'POST /api/login': () => json({ id: 1 }) });
    document.cookie = 'csrftoken=token-123';
    await api.post('login', { json: { username: 'ann', password: 'secret1' } });
    const [request] = server.requests;
    expect(request.headers.get('x-csrftoken')).toBe('token-123');
    expect(request.credentials).toBe('include');
  });

  it('sends no CSRF header on GET', async () => {
    const server = fakeServer({ 'GET /api/health': () => json({ status: 'ok' }) });
    document.cookie = 'csrftoken=token-123';
    await api.get('health').json();
    expect(server.requests[0].headers.has('x-csrftoken')).toBe(false);
  });

  it('asks GET /api/csrf for a token before the first unsafe request', async () => {
    const server = fakeServer({
      'GET /api/csrf': () => {
        document.cookie = 'csrftoken=fresh';
        return new Response(null, { status: 204 });
      },
      'POST /api/logout': () => json({ message: 'Logged out' }),
    });
    await api.post('logout');
    expect(server.requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/csrf', '/api/logout']);
    expect(server.requests[1].headers.get('x-csrftoken')).toBe('fresh');
  });

  it('does not retry failed requests', async () => {
    const server = fakeServer({ 'GET /api/products': () => json({ message: 'Busy' }, 503) });
    await expect(api.get('products')).rejects.toThrow('503');
    expect(server.fetch).toHaveBeenCalledTimes(1);
  });

  it('tells listeners about every 401', async () => {
    fakeServer({ 'GET /api/orders': () => json({ message: 'Not logged in' }, 401) });
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    await expect(api.get('orders')).rejects.toThrow();
    stop();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
