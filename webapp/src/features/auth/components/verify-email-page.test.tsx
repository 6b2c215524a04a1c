import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import VerifyEmailPage from './verify-email-page';

const routes = [{ path: '/verify-email', element: <VerifyEmailPage /> }];
const SPENT = {
  message: 'This verification link is invalid or has expired.',
  errors: { token: 'This verification link is invalid or has expired.' },
};

afterEach(() => vi.unstubAllGlobals());

describe('VerifyEmailPage', () => {
  it('says a verified account is verified when its link is opened a second time', async () => {
    document.cookie = 'csrftoken=t';
    fakeServer({ 'POST /api/email/verify': () => json(SPENT, 400) });
    setSession('authenticated', makeUser({ email: 'ann@example.com', emailVerified: true }));
    renderRoutes(routes, '/verify-email?token=used');
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Already verified');
    expect(done).toHaveTextContent('ann@example.com is already verified');
    expect(screen.queryByText('Not verified')).not.toBeInTheDocument();
  });

  it('still says a spent link failed when the account is not verified (or nobody is signed in)', async () => {
    document.cookie = 'csrftoken=t';
    fakeServer({ 'POST /api/email/verify': () => json(SPENT, 400) });
    setSession('anonymous');
    renderRoutes(routes, '/verify-email?token=used');
    expect(await screen.findByRole('alert')).toHaveTextContent(SPENT.message);
    expect(screen.getByText('Not verified')).toBeInTheDocument();
  });
});
