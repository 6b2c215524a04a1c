import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { render } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import { VerifyEmailBanner } from './verify-email-banner';

beforeEach(() => {
  document.cookie = 'csrftoken=t';
  setSession('authenticated', makeUser({ email: 'maya@example.com', emailVerified: false }));
});
afterEach(() => vi.unstubAllGlobals());

describe('VerifyEmailBanner', () => {
  it('says a new link went, and that sentence takes the focus from the busy button', async () => {
    const server = fakeServer({
      'POST /api/email/verify/resend': () =>
        json({ message: 'We sent a new link to maya@example.com.' }, 202),
    });
    const user = userEvent.setup();
    render(<VerifyEmailBanner />);
    expect(
      screen.getByText('Please confirm your email: we sent a link to maya@example.com.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    const said = await screen.findByText('We sent a new link to maya@example.com.');
    await waitFor(() => expect(document.activeElement).toBe(said));
    expect(server.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'POST /api/email/verify/resend',
    ]);
  });

  it('is not shown once the email is verified', () => {
    setSession('authenticated', makeUser({ emailVerified: true }));
    render(<VerifyEmailBanner />);
    expect(screen.queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument();
  });
});
