/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { copy } from '@/lib/first-view.json';
import { firstViewTemplates, mantineGlobalClasses, mantineThemeVariables } from './first-view-templates';

/**
 * The server's first views are these templates, rendered from the pages' own components by
 * `npm run bundle` (webapp/first-view-build.ts), so their markup cannot drift from the
 * React pages'. What can go wrong is the seam: a template the server fills that the build
 * no longer makes, a placeholder the server does not know, or a sentinel left in.
 */
const HERE = dirname(fileURLToPath(import.meta.url));
const SERVER = readFileSync(join(HERE, '../../../entrypoints/http/pages/first_view.py'), 'utf8');
const templates = firstViewTemplates();
const box = (html: string) => {
  const element = document.createElement('div');
  element.innerHTML = html;
  return element;
};

describe('the first view templates', () => {
  it('include every template the server fills', () => {
    const filled = new Set([...SERVER.matchAll(/\b(?:fill|page)\("(\w+)"/g)].map((found) => found[1]));
    expect(filled.size).toBeGreaterThan(10);
    expect([...filled].filter((name) => !(name! in templates))).toEqual([]);
  });

  it('mark every control as not working yet (the app takes over with its own)', () => {
    const controls = Object.values(templates).flatMap((markup) => [
      ...box(markup).querySelectorAll('button, input, select, textarea'),
    ]);
    expect(controls.length).toBeGreaterThan(3);
    expect(controls.filter((control) => control.getAttribute('aria-disabled') !== 'true')).toEqual([]);
  });

  it('use only placeholders the server fills, and no sentinel is left', () => {
    // The names first_view.py passes ("name": value), the copy's keys and the markup holes.
    const known = new Set([...SERVER.matchAll(/"(\w+)":/g)].map((found) => found[1]));
    Object.keys(copy).forEach((key) => known.add(key));
    for (const [name, markup] of Object.entries(templates)) {
      const placeholders = [...markup.matchAll(/\{\{?(\w+)\}?\}/g)].map((found) => found[1]);
      expect(
        placeholders.filter((placeholder) => !known.has(placeholder)),
        name,
      ).toEqual([]);
      expect(markup, name).not.toMatch(/987654|192837465|424243|535354|2001-02-03/);
    }
  });

  it("are the pages' own headings, words and links", () => {
    const home = box(templates.home!);
    expect(home.querySelector('h1')?.textContent).toBe(copy.heroTitle);
    expect([...home.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual([
      '/marketplace',
      '/create-listing',
    ]);
    expect(box(templates.marketplace!).querySelector('h1')?.textContent).toBe(copy.marketplaceTitle);
    expect(box(templates.blog!).querySelector('h1')?.textContent).toBe(copy.blogTitle);
    expect(box(templates.feed!).querySelector('h1')?.textContent).toBe(copy.feedTitle);
    expect(box(templates.product!).querySelector('h1')?.textContent).toBe('{title}');
    expect(box(templates.card!).querySelector('a[href="/product/{id}"]')?.textContent).toBe('{title}');
  });

  it('carry no script, and the style the markup needs is there', () => {
    expect(Object.values(templates).join('')).not.toMatch(/<script|\son[a-z]+=/i);
    expect(mantineThemeVariables()).toContain('--mantine-color-brand-7');
    expect(mantineGlobalClasses()).toContain('.mantine-hidden-from-md');
  });
});
