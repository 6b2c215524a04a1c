import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepFocusThroughLoading } from './keep-focus-through-loading';

/** What Chromium does when a focused button is disabled: the focus falls to the body, and
 *  the button, disabled by then, hears a focusout for nowhere. jsdom neither blurs a disabled
 *  element nor fires that event, so both are done here by hand. */
function disable(button: HTMLButtonElement) {
  button.blur();
  button.disabled = true;
  button.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: null }));
}

/** A Mantine Button starting to load: `data-loading` and `disabled` together. */
function startLoading(button: HTMLButtonElement) {
  button.setAttribute('data-loading', 'true');
  disable(button);
}

function stopLoading(button: HTMLButtonElement) {
  button.disabled = false;
  button.removeAttribute('data-loading');
}

const observed = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('keepFocusThroughLoading', () => {
  let undo: () => void;
  let save: HTMLButtonElement;
  let other: HTMLInputElement;

  beforeEach(() => {
    document.body.innerHTML = '<input aria-label="Other"><button>Save</button>';
    save = document.querySelector('button')!;
    other = document.querySelector('input')!;
    undo = keepFocusThroughLoading();
  });

  afterEach(() => {
    undo();
    document.body.innerHTML = '';
  });

  it('gives the focus back to the button when it has loaded', async () => {
    save.focus();
    startLoading(save);
    expect(document.activeElement).toBe(document.body);
    stopLoading(save);
    await observed();
    expect(document.activeElement).toBe(save);
  });

  it('leaves the focus where the person put it meanwhile', async () => {
    save.focus();
    startLoading(save);
    other.focus();
    stopLoading(save);
    await observed();
    expect(document.activeElement).toBe(other);
  });

  it('does nothing for a button that was merely disabled, or that left the page', async () => {
    save.focus();
    disable(save);
    save.disabled = false;
    await observed();
    expect(document.activeElement).toBe(document.body);

    save.focus();
    startLoading(save);
    save.remove();
    stopLoading(save);
    await observed();
    expect(document.activeElement).toBe(document.body);
  });
});
