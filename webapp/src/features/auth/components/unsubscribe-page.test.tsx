import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import UnsubscribePage from './unsubscribe-page';

const routes = [{ path: '/unsubscribe', element: <UnsubscribePage /> }];

beforeEach(() => {
  setSession('anonymous');
});

describe('UnsubscribePage', () => {
  it('asks first, then unsubscribes without signing in', async () => {
    const server = fakeServer({
      'POST /api/unsubscribe': () =>
        json({
          message: 'You will no longer get emails about: messages.',
          kind: 'messages',
          label: 'Messages',
        }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/unsubscribe?token=abc.def');
    expect(server.requests).toHaveLength(0); // opening the link changes nothing
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('You will no longer get emails about: messages.')).toBeInTheDocument();
    const sent = server.requests.find((r) => r.method === 'POST');
    expect(new URL(sent!.url).searchParams.get('token')).toBe('abc.def');
  });

  it('says so when the link is not valid', async () => {
    fakeServer({
      'POST /api/unsubscribe': () => json({ message: 'This unsubscribe link is not valid.' }, 400),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/unsubscribe?token=forged');
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
  });

  it('has nothing to do without a token', () => {
    fakeServer({});
    renderRoutes(routes, '/unsubscribe');
    expect(screen.getByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });
});
