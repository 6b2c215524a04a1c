/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// STYLE row 2: boundaries are checked by a test, not by hope. Layers, top to bottom:
//   app/                 routes, layout, providers: may import anything.
//   features/<area>/     one page area; imports entities/, components/, lib/ (never another
//                        feature, never app/).
//   entities/<area>/     per-area code several features share (types, query keys, hooks,
//                        cards); imports other entities, components/ and lib/.
//   components/          generic UI with no area in it; imports lib/ only.
//   lib/                 infrastructure (HTTP client, form submit, formatters, notify);
//                        imports only lib/.
// Nothing imports upwards.
const SRC = dirname(fileURLToPath(import.meta.url));
const IMPORT = /(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-utils' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The top of the src tree a module lives in: 'features/auth', 'entities/product', 'lib', ... */
function zone(path: string): string {
  const [top, area] = relative(SRC, path).split(/[\\/]/);
  return top === 'features' || top === 'entities' ? `${top}/${area}` : top;
}

const layer = (zoneName: string) => zoneName.split('/')[0];

function importedZones(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)]
    .map(([, specifier]) => specifier)
    .filter((specifier) => specifier.startsWith('@/') || specifier.startsWith('.'))
    .map((specifier) =>
      specifier.startsWith('@/') ? join(SRC, specifier.slice(2)) : resolve(dirname(file), specifier),
    )
    .map(zone);
}

const BELOW: Record<string, string[]> = {
  features: ['entities', 'components', 'lib'],
  entities: ['entities', 'components', 'lib'],
  components: ['lib'],
  lib: [],
};

function allowed(from: string, to: string): boolean {
  if (from === to || from === 'app' || to === 'test-utils') return true;
  const below = BELOW[layer(from)];
  return below === undefined || below.includes(layer(to));
}

describe('module boundaries', () => {
  it('lets each layer import only the layers below it', () => {
    const violations = sourceFiles(SRC).flatMap((file) =>
      importedZones(file)
        .filter((target) => !allowed(zone(file), target))
        .map((target) => `${relative(SRC, file)} -> ${target}`),
    );
    expect(violations).toEqual([]);
  });
});

describe('the layer rule itself', () => {
  it.each([
    ['features/catalog', 'entities/product', true],
    ['features/catalog', 'lib', true],
    ['features/catalog', 'features/offers', false],
    ['features/catalog', 'app', false],
    ['entities/favorites', 'entities/product', true],
    ['entities/product', 'features/catalog', false],
    ['components', 'entities/product', false],
    ['lib', 'entities/session', false],
    ['lib', 'components', false],
  ])('%s -> %s allowed: %s', (from, to, expected) => {
    expect(allowed(from, to)).toBe(expected);
  });
});
