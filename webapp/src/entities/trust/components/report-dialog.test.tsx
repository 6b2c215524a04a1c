import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import { ReportMenu } from './report-menu';

const menu = [{ path: '/', element: <ReportMenu targetType="post" targetId={13} ownerId={2} /> }];

beforeEach(() => {
  document.cookie = 'csrftoken=t';
  setSession('authenticated', makeUser({ id: 1 }));
});

async function openReport(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'More actions' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
  await screen.findByRole('dialog', { name: 'Report this post' });
}

describe('Report dialog focus', () => {
  it('gives focus back to the "…" button on Escape', async () => {
    fakeServer({});
    const user = userEvent.setup();
    renderRoutes(menu, '/');
    await openReport(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'More actions' })).toHaveFocus());
  });

  it('gives focus back to the "…" button once the report is sent', async () => {
    fakeServer({ 'POST /api/reports': () => json({ id: 3 }, 201) });
    const user = userEvent.setup();
    renderRoutes(menu, '/');
    await openReport(user);
    await user.click(screen.getByRole('radio', { name: 'Spam' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Report sent')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'More actions' })).toHaveFocus());
  });
});
