import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement, Fragment } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from '@/test-utils/render';
import { copyLink } from './copy-link';
import { notifySuccess } from './notify';

describe('copyLink', () => {
  it('shows "Link copied!" at once, even while another toast is showing', async () => {
    userEvent.setup(); // installs a clipboard stub
    render(createElement(Fragment));
    act(() => notifySuccess('Added to favorites'));
    expect(await screen.findByText('Added to favorites')).toBeInTheDocument();
    await act(() => copyLink('http://127.0.0.1:8000/product/1'));
    expect(screen.getByText('Link copied!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Added to favorites')).not.toBeInTheDocument());
  });
});
