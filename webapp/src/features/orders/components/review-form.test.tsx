import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render } from '@/test-utils/render';
import { ReviewForm } from './review-form';

describe('ReviewForm', () => {
  it('names the stars "1 star" to "5 stars", without a "0"', () => {
    render(<ReviewForm who="maya" onSubmit={vi.fn()} onDone={vi.fn()} />);
    const group = screen.getByRole('radiogroup', { name: 'Stars' });
    expect(group).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('aria-label'))).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
  });

  it('selects stars with the arrow keys, as a radio group does, and sends them', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(<ReviewForm who="maya" onSubmit={onSubmit} onDone={vi.fn()} />);
    await user.tab();
    expect(screen.getByRole('radio', { name: '1 star' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '5 stars' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(onSubmit).toHaveBeenCalledWith({ rating: 4, comment: '' });
    expect(screen.queryByText('Please choose 1 to 5 stars')).not.toBeInTheDocument();
  });

  it('asks for stars when none is chosen, beside the stars', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ReviewForm who="maya" onSubmit={onSubmit} onDone={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(screen.getByRole('radiogroup', { name: 'Stars' })).toHaveAccessibleDescription(
      'Please choose 1 to 5 stars',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
