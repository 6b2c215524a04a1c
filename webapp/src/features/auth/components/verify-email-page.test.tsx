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

  it("shows the server's answer to a used link opened again by someone signed out", async () => {
    document.cookie = 'csrftoken=t';
    const already = { message: 'Your email is already verified.', alreadyVerified: true };
    fakeServer({ 'POST /api/email/verify': () => json(already) });
    setSession('anonymous');
    renderRoutes(routes, '/verify-email?token=used');
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Already verified');
    expect(done).toHaveTextContent('Your email is already verified.');
    expect(screen.queryByText('Email verified')).not.toBeInTheDocument();
    expect(screen.queryByText('Not verified')).not.toBeInTheDocument();
  });

  it('says a fresh link verified the email', async () => {
    document.cookie = 'csrftoken=t';
    fakeServer({
      'POST /api/email/verify': () =>
        json({ message: 'Your email is verified. Thank you!', alreadyVerified: false }),
    });
    setSession('anonymous');
    renderRoutes(routes, '/verify-email?token=fresh');
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Email verified');
    expect(done).toHaveTextContent('Your email is verified. Thank you!');
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
