import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { nextAfterRemoving, useFocusWhenShown } from './use-focus-when-shown';

/** A button that, once pressed, is replaced by a message after `delay` ms. */
function Swap({ delay = 0 }: { delay?: number }) {
  const [done, setDone] = useState(false);
  const message = useRef<HTMLParagraphElement>(null);
  const focusWhenShown = useFocusWhenShown();
  const press = () => {
    focusWhenShown(() => message.current);
    setTimeout(() => setDone(true), delay);
  };
  return (
    <>
      <input aria-label="Elsewhere" />
      {done ? (
        <p ref={message} tabIndex={-1}>
          Done
        </p>
      ) : (
        <button onClick={press}>Do it</button>
      )}
    </>
  );
}

/** Three items; Remove takes one away a moment later, as a list refetched after a delete. */
function Items() {
  const [items, setItems] = useState(['a', 'b', 'c']);
  const list = useRef<HTMLUListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusWhenShown = useFocusWhenShown();
  const remove = (item: string) => {
    focusWhenShown(nextAfterRemoving(list, item, () => heading.current));
    setTimeout(() => setItems((now) => now.filter((other) => other !== item)), 20);
  };
  return (
    <>
      <h2 ref={heading} tabIndex={-1}>
        Items
      </h2>
      <ul ref={list}>
        {items.map((item) => (
          <li key={item} data-list-item={item} tabIndex={-1}>
            {item} <button onClick={() => remove(item)}>Remove {item}</button>
          </li>
        ))}
      </ul>
    </>
  );
}

describe('useFocusWhenShown', () => {
  it('moves the focus to what replaced the pressed button, once it is drawn', async () => {
    const user = userEvent.setup();
    render(<Swap delay={30} />);
    await user.click(screen.getByRole('button', { name: 'Do it' }));
    const message = await screen.findByText('Done');
    await waitFor(() => expect(document.activeElement).toBe(message));
  });

  it('leaves the focus where the person put it meanwhile', async () => {
    const user = userEvent.setup();
    render(<Swap delay={100} />);
    await user.click(screen.getByRole('button', { name: 'Do it' }));
    const elsewhere = screen.getByLabelText('Elsewhere');
    act(() => elsewhere.focus());
    await screen.findByText('Done');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(elsewhere);
  });
});

describe('nextAfterRemoving', () => {
  it('focuses the item that took the removed one’s place, then the last, then the heading', async () => {
    const user = userEvent.setup();
    render(<Items />);
    const item = (name: string) => screen.getByText(name, { selector: 'li', exact: false });
    await user.click(screen.getByRole('button', { name: 'Remove a' }));
    await waitFor(() => expect(document.activeElement).toBe(item('b')));
    await user.click(screen.getByRole('button', { name: 'Remove c' }));
    await waitFor(() => expect(document.activeElement).toBe(item('b')));
    await user.click(screen.getByRole('button', { name: 'Remove b' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Items' })));
  });
});
