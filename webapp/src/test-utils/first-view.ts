import FIRST_VIEW from '@/lib/first-view.json';

/**
 * A first-view template of lib/first-view.json as the server fills it
 * (entrypoints/http/pages/first_view.py), with the copy's words and no inner markup: the
 * drift tests hold what a visitor reads there to what the React page then shows.
 */
export function firstView(name: keyof typeof FIRST_VIEW.templates): HTMLElement {
  const copy: Record<string, string> = FIRST_VIEW.copy;
  const html = FIRST_VIEW.templates[name].replace(/\{\{(\w+)\}\}|\{(\w+)\}/g, (_match, markup, text) => {
    if (markup) return '';
    const value = copy[text];
    if (value === undefined) throw new Error(`No copy for {${text}}`);
    return value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  });
  const box = document.createElement('div');
  box.innerHTML = html;
  return box;
}

export const texts = (root: ParentNode, selector: string) =>
  Array.from(root.querySelectorAll(selector), (node) => node.textContent?.trim());
