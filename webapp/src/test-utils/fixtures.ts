/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Reads a JSON file from the repository's tests/fixtures (shared with the Python tests). */
export function sharedFixture<T>(name: string): T {
  return JSON.parse(readFileSync(join(REPO, 'tests', 'fixtures', name), 'utf8')) as T;
}
