import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';

export default defineConfig({
  root: 'src/client',
  plugins: [react(), precompress()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // scripts/bundle-budget.ts weighs each page's first screen from it (never served: a dot folder).
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The libraries every page starts with, in one file whose name changes only with
              // the dependencies: a new release of the app leaves it in the browser's cache.
              name: 'vendor',
              test: /[\\/]node_modules[\\/]/,
              tags: ['$initial'],
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/users': 'http://localhost:3000',
      '/modules': 'http://localhost:3000',
    },
  },
});
