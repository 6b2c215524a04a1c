import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import mantinePreset from 'postcss-preset-mantine';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { BRAND_SHADES } from './src/app/brand';
import { firstViewTemplates } from './first-view-build';

/** index.html's boot header takes the theme's own teal (`__BRAND_7__` and friends). */
function brandColours(): Plugin {
  return {
    name: 'rethread-brand-colours',
    transformIndexHtml: (html) =>
      html.replace(/__BRAND_(\d)__/g, (_token, shade: string) => BRAND_SHADES[Number(shade)]),
  };
}

/**
 * Precompresses the hashed assets (JS, CSS, SVG, JSON) once at build time: `name.gz` and
 * `name.br` next to each, which the server's SPA handler sends with `Content-Encoding`
 * (entrypoints/http/spa.py). Node's own zlib, so no plugin dependency; index.html is left
 * alone because the server may rewrite its head per page.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'rethread-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!fileName.startsWith('assets/') || !/\.(js|css|svg|json)$/.test(fileName)) continue;
        const path = join(outDir, fileName);
        const raw = readFileSync(path);
        if (raw.length < 1024) continue;
        writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(raw, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          }),
        );
      }
    },
  };
}

/**
 * The built index.html starts the app from `src/start.js` once the page's first view is on
 * screen, instead of fetching the entry module and its preloads while the HTML is parsed:
 * a phone on a slow network then spends its first bytes on the first view (the server's
 * content and photos in #boot), not on JavaScript that cannot paint before it has run.
 * start.js is a classic script copied as it is under a name with its content's hash, so it is
 * cached for a year like the other assets (and precompressed with them).
 */
function startAfterFirstView(): Plugin {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
  const preload = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
  const source = readFileSync(fileURLToPath(new URL('./src/start.js', import.meta.url)));
  const fileName = `assets/start-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`;
  return {
    name: 'rethread-start-after-first-view',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const app = entry.exec(html)?.[1];
        if (!app) throw new Error('index.html has no entry module for start.js to start');
        const preloads = [...html.matchAll(preload)].map((found) => found[1]);
        const start = `<script src="/${fileName}" data-app="${app}" data-preload="${preloads.join(' ')}" defer></script>`;
        return html.replace(entry, '').replace(preload, '').replace('</body>', `  ${start}\n  </body>`);
      },
    },
  };
}

/**
 * The API reference at `/schema` runs Redoc from our own build, not from a CDN (offline, or
 * behind a strict network, a CDN's script leaves the page blank): the `redoc` package's
 * standalone bundle is copied as `assets/redoc-<hash>.js`, cached and precompressed like the
 * other assets, with its licence file beside it. The server finds it by that name
 * (entrypoints/http/openapi.py, `REDOC_GLOB`). The source map is left out, and the one thing the
 * bundle fetches from elsewhere, the Redocly logo beside its sidebar's credit, becomes an empty
 * data URL (the logo hides itself when it does not load; the credit's link stays).
 */
function redocViewer(): Plugin {
  return {
    name: 'rethread-redoc-viewer',
    apply: 'build',
    generateBundle() {
      const bundle = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
      const served = readFileSync(bundle, 'utf8')
        .replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n')
        .replace('https://cdn.redoc.ly/redoc/logo-mini.svg', 'data:,');
      const fileName = `assets/redoc-${createHash('sha256').update(served).digest('hex').slice(0, 10)}.js`;
      const licence = `${fileName}.LICENSE.txt`;
      const source = served.replace('redoc.standalone.js.LICENSE.txt', licence.slice('assets/'.length));
      this.emitFile({ type: 'asset', fileName, source });
      this.emitFile({ type: 'asset', fileName: licence, source: readFileSync(`${bundle}.LICENSE.txt`) });
    },
  };
}

// The backend (`rethread serve`) answers these paths; the dev and preview servers pass them on.
const backend = process.env.RETHREAD_BACKEND_URL ?? 'http://127.0.0.1:8000';
const proxy = {
  '/api': { target: backend },
  '/ws': { target: backend, ws: true },
  '/media': { target: backend },
  '/schema': { target: backend },
};

export default defineConfig({
  // The root package.json is the webapp package; its sources, index.html and dist live here.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    precompress(),
    brandColours(),
    startAfterFirstView(),
    redocViewer(),
    firstViewTemplates(fileURLToPath(import.meta.url)),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // Rules shared with the Python tests (tests/fixtures/*.json), read by the forms.
      '@fixtures': fileURLToPath(new URL('../tests/fixtures', import.meta.url)),
    },
  },
  css: {
    postcss: { plugins: [mantinePreset()] },
  },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // A lazy page's JavaScript is fetched by the browser as it imports the page's chunk, not
    // preloaded by Vite's helper: the helper adds a <link rel=modulepreload> per chunk the page
    // needs (30-40 on a product page) inside the app's render, one task of 50-110 ms on
    // Lighthouse's 4x slower phone (docs/decisions/page-start-up.md). The entry's own preloads
    // stay (start.js asks for them a few per task); CSS of lazy chunks is always loaded.
    modulePreload: {
      resolveDependencies: (_chunk, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      output: {
        // React and Mantine change less often than our code: their own chunks stay cached across
        // deploys. Other libraries follow the pages that import them, so lazy pages stay lazy.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test-utils/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
    // Seven people share two cores: a page test that types and waits can take seconds under
    // load. Generous limits keep a slow machine from failing a correct test.
    testTimeout: 30_000,
    // Every core (Vitest's default leaves one free: 2:47 instead of 1:55 on two cores).
    maxWorkers: '100%',
    // A worker runs its files one after another in one process and one jsdom instead of a
    // fresh process per file, which spent more time loading React, Mantine and jsdom than
    // the tests took (306 s of CPU for the suite instead of ~75 s). The setup file undoes
    // what a file leaves behind (src/test-utils/setup.ts), so files stay independent.
    isolate: false,
  },
});
