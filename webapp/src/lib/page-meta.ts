import { useEffect, useLayoutEffect } from 'react';

export const SITE_NAME = 'Rethread';
export const SITE_DESCRIPTION =
  'Rethread: the trusted marketplace for secondhand fashion with a social twist.';

export interface PageMeta {
  /** The page's own name; the tab reads '<title> · Rethread'. */
  title?: string;
  /** The meta description; the site's own when absent. */
  description?: string;
  /** The title is the kind of page ('Product') while its data loads: the tab shows it rather
   *  than the previous page's, and a page change waits for the real one to announce. */
  pending?: boolean;
}

let titlePending = false;

/** Whether the tab shows a page's neutral title while its data loads (PageChangeFocus). */
export function isTitlePending(): boolean {
  return titlePending;
}

/** 'Black leather jacket — $48.00 · Rethread'; just 'Rethread' without a title. */
export function documentTitle(title?: string): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

/** One line of at most `length` characters, cut at a word (the server's `summary`). */
export function summary(text: string | null | undefined, length = 160): string {
  const line = (text ?? '').split(/\s+/).filter(Boolean).join(' ');
  if (line.length <= length) return line;
  const cut = line
    .slice(0, length - 1)
    .replace(/\s+\S*$/, '')
    .replace(/[ ,.;:-]+$/, '');
  return `${cut}…`;
}

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  return tag;
}

export function applyPageMeta({ title, description, pending = false }: PageMeta): void {
  titlePending = pending;
  document.title = documentTitle(title);
  descriptionTag().content = description || SITE_DESCRIPTION;
}

/** `meta` applied when it gives a title or a description (the hooks below: their effects
 *  depend on these three values only). */
function applyGiven(title?: string, description?: string, pending?: boolean): void {
  if (title !== undefined || description !== undefined) applyPageMeta({ title, description, pending });
}

/**
 * The home of every page's title and description: the route table gives each page its own
 * (`handle.meta`, applied by the layout); pages named by their data (a product, a profile,
 * a post) have a neutral one there (`pending`) and call this themselves once it has loaded.
 */
export function usePageMeta(meta: PageMeta | undefined): void {
  const { title, description, pending } = meta ?? {};
  useEffect(() => applyGiven(title, description, pending), [title, description, pending]);
}

/**
 * The route's meta, for the layout: applied as soon as the route changes, before the page's
 * own `usePageMeta` (a layout effect runs before any effect), so a page whose data is already
 * there is never named after its route's neutral title, and a page still loading (its code or
 * its data) never after the previous page.
 */
export function useRouteMeta(meta: PageMeta | undefined): void {
  const { title, description, pending } = meta ?? {};
  useLayoutEffect(() => applyGiven(title, description, pending), [title, description, pending]);
}
