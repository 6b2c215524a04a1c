import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import mantinePreset from 'postcss-preset-mantine';
import { defineConfig } from 'vitest/config';

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
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  css: {
    postcss: { plugins: [mantinePreset()] },
  },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React and Mantine change less often than our code: their own chunks stay cached across
        // deploys. Other libraries follow the pages that import them, so lazy pages stay lazy.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
            // @mantine/charts (and recharts) stay out: only the lazy admin page needs them.
            { name: 'mantine', test: /node_modules[\\/](@mantine[\\/](?!charts)|@floating-ui[\\/])/ },
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
  },
});
