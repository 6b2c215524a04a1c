/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// STYLE row 2: boundaries are checked by a test, not by hope.
//   app/ may import anything; features/<area>/ may import lib/ and components/ only (never
//   another feature, never app/); lib/ and components/ import neither features/ nor app/.
const SRC = dirname(fileURLToPath(import.meta.url));
const IMPORT = /(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-utils' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The top of the src tree a module lives in: 'features/auth', 'lib', 'app', ... */
function zone(path: string): string {
  const [top, area] = relative(SRC, path).split(/[\\/]/);
  return top === 'features' ? `features/${area}` : top;
}

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

function allowed(from: string, to: string): boolean {
  if (from === to || from === 'app' || to === 'test-utils') return true;
  if (from.startsWith('features/')) return to === 'lib' || to === 'components';
  if (from === 'components') return to === 'lib';
  if (from === 'lib') return false;
  return true;
}

describe('module boundaries', () => {
  it('keeps features, lib and components apart', () => {
    const violations = sourceFiles(SRC).flatMap((file) =>
      importedZones(file)
        .filter((target) => !allowed(zone(file), target))
        .map((target) => `${relative(SRC, file)} -> ${target}`),
    );
    expect(violations).toEqual([]);
  });
});
