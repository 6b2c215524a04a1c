import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import { useSessionStore } from './session-store';

const ann = makeUser();

beforeEach(() => {
  setSession('loading');
  document.cookie = 'csrftoken=t';
});

describe('session store', () => {
  it('asks GET /api/session, which answers a visitor 200 with no user (no failed request)', async () => {
    const server = fakeServer({ 'GET /api/session': () => json({ user: null }) });
    await expect(useSessionStore.getState().fetchUser()).resolves.toBeNull();
    expect(useSessionStore.getState()).toMatchObject({ user: null, status: 'anonymous' });
    expect(server.requests.map((request) => new URL(request.url).pathname)).toEqual(['/api/session']);
  });

  it('treats a failing current-user call as logged out', async () => {
    fakeServer({ 'GET /api/session': () => new Response('down', { status: 502 }) });
    await useSessionStore.getState().fetchUser();
    expect(useSessionStore.getState().status).toBe('anonymous');
  });

  it('loads the signed-in user', async () => {
    fakeServer({ 'GET /api/session': () => json({ user: ann }) });
    await useSessionStore.getState().fetchUser();
    expect(useSessionStore.getState()).toMatchObject({ user: ann, status: 'authenticated' });
  });

  it('stores the user after a successful login', async () => {
    const server = fakeServer({ 'POST /api/login': () => json(ann) });
    await useSessionStore.getState().login({ username: 'ann', password: 'secret1' });
    expect(useSessionStore.getState()).toMatchObject({ user: ann, status: 'authenticated' });
    expect(await server.requests[0].json()).toEqual({ username: 'ann', password: 'secret1' });
  });

  it('stays anonymous when the login is refused', async () => {
    setSession('anonymous');
    fakeServer({
      'POST /api/login': () => json({ message: 'Invalid username or password' }, 401),
    });
    await expect(useSessionStore.getState().login({ username: 'ann', password: 'wrong12' })).rejects.toThrow(
      '401: {"message":"Invalid username or password"}',
    );
    expect(useSessionStore.getState()).toMatchObject({ user: null, status: 'anonymous' });
  });

  it('clears the user on logout even when the server call fails', async () => {
    setSession('authenticated', ann);
    fakeServer({ 'POST /api/logout': () => json({ message: 'Session store down' }, 500) });
    await expect(useSessionStore.getState().logout()).rejects.toThrow('500');
    expect(useSessionStore.getState()).toMatchObject({ user: null, status: 'anonymous' });
  });
});
