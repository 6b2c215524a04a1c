/**
 * Mantine's Button disables itself while `loading` (its `disabled` attribute), and the
 * browser then drops the focus to the page's body: a keyboard user who pressed "Save" would
 * carry on from the top of the page. This gives the focus back to the button once it is
 * enabled again, if the focus is still nowhere (on the body) and the button is still on the
 * page. One listener for the whole app (AppProviders), instead of a fix at each of the app's
 * loading buttons.
 */
export function keepFocusThroughLoading(doc: Document = document): () => void {
  let observer: MutationObserver | null = null;
  const stop = () => {
    observer?.disconnect();
    observer = null;
  };
  const onFocusOut = (event: FocusEvent) => {
    const button = event.target;
    // The focus leaves for nowhere because the button it was on is now loading.
    if (!(button instanceof HTMLButtonElement) || event.relatedTarget !== null) return;
    if (!button.disabled || !button.hasAttribute('data-loading')) return;
    stop();
    const watching = new MutationObserver(() => {
      if (button.disabled && button.isConnected) return;
      stop();
      const active = doc.activeElement;
      // Without scrolling: the person may have scrolled away meanwhile.
      if (button.isConnected && (active === null || active === doc.body))
        button.focus({ preventScroll: true });
    });
    watching.observe(button, { attributes: true, attributeFilter: ['disabled'] });
    observer = watching;
  };
  doc.addEventListener('focusout', onFocusOut);
  return () => {
    doc.removeEventListener('focusout', onFocusOut);
    stop();
  };
}
