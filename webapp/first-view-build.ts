import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import postcss, { type AtRule, type Rule } from 'postcss';
import { createServer, type Plugin, type Rolldown } from 'vite';

/**
 * The first view's templates, made at build time from the React components
 * (src/app/first-view-templates.tsx): the build loads that module through Vite's own
 * pipeline (the same plugins, aliases and CSS modules as the app, so the class names are the
 * bundle's), renders it with react-dom/server and writes `first-view.json` into dist:
 *
 * - `copy`: src/lib/first-view.json's words, which the React pages import too;
 * - `templates`: name -> markup with `{name}` and `{{name}}` placeholders, which
 *   entrypoints/http/pages/first_view.py fills;
 * - `styles`: page -> what its markup needs before the app's JavaScript has run. The page's one
 *   stylesheet has Mantine's rules, but not the CSS of the lazy pages' modules (inlined here
 *   from their chunks), and Mantine picks the colour scheme with a `data-mantine-color-scheme`
 *   attribute its script sets: until then, the scheme-dependent rules (and the theme's own
 *   variables) apply through `prefers-color-scheme` instead.
 */
const TEMPLATES_MODULE = '/src/app/first-view-templates.tsx';
const COPY = fileURLToPath(new URL('./src/lib/first-view.json', import.meta.url));
const SCHEME = /(?::root)?\[data-mantine-color-scheme=(['"]?)(dark|light)\1\]/;
const NO_SCHEME_YET = 'html:not([data-mantine-color-scheme])';

interface Rendered {
  templates: Record<string, string>;
  /** Page template -> the templates filled into it. */
  pages: Record<string, string[]>;
  globalClasses: string;
  themeVariables: string;
}

/** Renders the templates module in a jsdom window (the app's modules expect a browser). */
async function renderTemplates(configFile: string): Promise<Rendered> {
  const jsdom = 'jsdom'; // (untyped: imported by name)
  const { JSDOM } = await import(jsdom);
  const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'http://localhost/' });
  const names = [
    'window',
    'document',
    'navigator',
    'localStorage',
    'sessionStorage',
    'HTMLElement',
    'Element',
    'Node',
  ];
  const saved = names.map((name) => Object.getOwnPropertyDescriptor(globalThis, name));
  names.forEach((name) =>
    Object.defineProperty(globalThis, name, { value: dom.window[name], configurable: true, writable: true }),
  );
  const server = await createServer({
    configFile,
    mode: 'production',
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const module = await server.ssrLoadModule(TEMPLATES_MODULE);
    return {
      templates: module.firstViewTemplates(),
      pages: module.FIRST_VIEW_PAGES,
      globalClasses: module.mantineGlobalClasses(),
      themeVariables: module.mantineThemeVariables(),
    };
  } finally {
    await server.close();
    names.forEach((name, index) => {
      const descriptor = saved[index];
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else Reflect.deleteProperty(globalThis, name);
    });
    dom.window.close();
  }
}

/** A rule as text inside the at-rules (media queries) it sits in. */
function inContext(rule: Rule, selector: string): string {
  let text = `${selector}{${rule.nodes.map(String).join(';')}}`;
  for (let parent = rule.parent; parent && parent.type === 'atrule'; parent = parent.parent) {
    const at = parent as AtRule;
    text = `@${at.name} ${at.params}{${text}}`;
  }
  return text;
}

/**
 * The rules of `css` a page's markup uses before the app runs: with `used` classes, only
 * those naming one of them (all of them without). A rule for one colour scheme applies
 * through `prefers-color-scheme` while no scheme is set; `keepOthers` keeps the rest as they
 * are (a lazy chunk's CSS, which the page does not have yet).
 */
function forFirstView(css: string, used: Set<string> | null, keepOthers: boolean): string {
  const schemes: Record<string, string[]> = { light: [], dark: [] };
  const others: string[] = [];
  postcss.parse(css).walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes/.test((rule.parent as AtRule).name)) return;
    if (used && !(rule.selector.match(/\.[\w-]+/g) ?? []).some((name) => used.has(name.slice(1)))) {
      if (!/^:root/.test(rule.selector)) return;
    }
    const plain: string[] = [];
    for (const selector of rule.selectors) {
      const scheme = SCHEME.exec(selector);
      if (!scheme) plain.push(selector);
      else if (!selector.startsWith(':host'))
        schemes[scheme[2]!]!.push(inContext(rule, selector.replace(new RegExp(SCHEME, 'g'), NO_SCHEME_YET)));
    }
    if (keepOthers && plain.length) others.push(inContext(rule, plain.join(',')));
  });
  return (
    others.join('') +
    `@media (prefers-color-scheme: light){${schemes.light!.join('')}}` +
    `@media (prefers-color-scheme: dark){${schemes.dark!.join('')}}`
  );
}

const classesOf = (markup: string) =>
  new Set([...markup.matchAll(/class="([^"]*)"/g)].flatMap((found) => found[1]!.split(/\s+/)));

const VAR = /var\((--[\w-]+)/g;
const varsIn = (text: string) => [...text.matchAll(VAR)].map((found) => found[1]!);

/**
 * `style` without the custom properties nothing uses: the colour schemes' and the theme's
 * variables (some 20 KB) come down to those the markup and the rules it gets refer to, and
 * those they refer to in turn. `sources` is every other rule the markup gets (the page's
 * stylesheet's rules for its classes) and where its variables are declared.
 */
function withUsedVariables(style: string, seeds: string, sources: string): string {
  const declared = new Map<string, string[]>();
  const used = new Set(varsIn(seeds));
  for (const css of [style, sources])
    postcss.parse(css).walkDecls((decl) => {
      if (decl.prop.startsWith('--'))
        declared.set(decl.prop, [...(declared.get(decl.prop) ?? []), decl.value]);
      else varsIn(decl.value).forEach((name) => used.add(name));
    });
  const queue = [...used];
  while (queue.length) {
    for (const value of declared.get(queue.pop()!) ?? [])
      for (const name of varsIn(value))
        if (!used.has(name)) {
          used.add(name);
          queue.push(name);
        }
  }
  const root = postcss.parse(style);
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--') && !used.has(decl.prop)) decl.remove();
  });
  root.walkRules((rule) => {
    if (!rule.nodes.length) rule.remove();
  });
  return root.toString();
}

/** The rules of the page's stylesheet that name one of `used` classes, or declare variables. */
function rulesFor(css: string, used: Set<string>): string {
  const kept: string[] = [];
  postcss.parse(css).walkRules((rule) => {
    const named = (rule.selector.match(/\.[\w-]+/g) ?? []).some((name) => used.has(name.slice(1)));
    if (named || rule.selector.includes(':root')) kept.push(rule.toString());
  });
  return kept.join('');
}

/** The CSS one page's first view needs (its markup and its parts' `markup`). */
function styleFor(markup: string, rendered: Rendered, bundle: Rolldown.OutputBundle): string {
  const used = classesOf(markup);
  // The entry's stylesheet is in index.html's head; the lazy pages' are not.
  const entryCss = new Set(
    Object.values(bundle).flatMap((file) =>
      file.type === 'chunk' && file.isEntry ? [...(file.viteMetadata?.importedCss ?? [])] : [],
    ),
  );
  const sources: string[] = [];
  const styles = Object.values(bundle).flatMap((file) => {
    if (file.type !== 'asset' || !file.fileName.endsWith('.css')) return [];
    const css = String(file.source);
    if (!entryCss.has(file.fileName)) return [forFirstView(css, used, true)];
    sources.push(rulesFor(css, used));
    return [forFirstView(css, used, false)];
  });
  // The theme's variables last: MantineProvider's own style comes after the stylesheet.
  const theme = forFirstView(rendered.themeVariables, null, true);
  const all = [forFirstView(rendered.globalClasses, used, true), ...styles, theme].join('');
  return withUsedVariables(all, markup, sources.join(''));
}

export function firstViewTemplates(configFile: string): Plugin {
  return {
    name: 'rethread-first-view-templates',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const rendered = await renderTemplates(configFile);
      const { templates, pages } = rendered;
      const styles = Object.fromEntries(
        Object.entries(pages).map(([page, parts]) => [
          page,
          styleFor([page, ...parts].map((name) => templates[name]).join(''), rendered, bundle),
        ]),
      );
      const { copy } = JSON.parse(readFileSync(COPY, 'utf8'));
      this.emitFile({
        type: 'asset',
        fileName: 'first-view.json',
        source: JSON.stringify({ copy, templates, styles }),
      });
    },
  };
}
