import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from '@/test-utils/render';
import { PhotoInput } from './photo-input';

function Photos({ start }: { start: string[] }) {
  const [photos, setPhotos] = useState(start);
  return <PhotoInput photos={photos} onChange={setPhotos} />;
}

describe('PhotoInput', () => {
  it('hands the keyboard to the next remove button, then to Add photos', async () => {
    const user = userEvent.setup();
    render(<Photos start={['data:image/png;base64,AAA', 'data:image/png;base64,BBB']} />);
    screen.getByRole('button', { name: 'Remove photo 1' }).focus();
    await user.keyboard('{Enter}');
    // The removed photo's button had the focus: it would have dropped to <body>.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove photo 1' })).toHaveFocus());
    expect(screen.getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', 'data:image/png;base64,BBB');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add photos (0/5)' })).toHaveFocus());
  });
});
