import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '@/test-utils/render';
import { HoverTooltip } from './hover-tooltip';

function renderLink() {
  render(
    <HoverTooltip label="Denim jacket">
      <a href="/product/1" aria-label="Tagged item: Denim jacket">
        jacket
      </a>
    </HoverTooltip>,
  );
  return screen.getByRole('link', { name: 'Tagged item: Denim jacket' }).parentElement as HTMLElement;
}

describe('HoverTooltip', () => {
  it('mounts no tooltip until a mouse comes, then shows the label while it stays', async () => {
    const wrapper = renderLink();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    fireEvent.pointerEnter(wrapper, { pointerType: 'mouse' });
    expect(await screen.findByText('Denim jacket')).toBeInTheDocument();
    fireEvent.pointerLeave(wrapper, { pointerType: 'mouse' });
    await expect.poll(() => screen.queryByText('Denim jacket')).toBeNull();
  });

  it('shows nothing for a touch (as Mantine’s Tooltip)', () => {
    const wrapper = renderLink();
    fireEvent.pointerEnter(wrapper, { pointerType: 'touch' });
    expect(screen.queryByText('Denim jacket')).not.toBeInTheDocument();
  });
});
