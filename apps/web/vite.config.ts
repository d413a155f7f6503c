import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server forwards every server call; the built app is served by the server itself.
const SERVER = 'http://localhost:8080';
const page = (file: string) => resolve(import.meta.dirname, file);

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the pages need at once, as the automatic split would have it.
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 2 },
            // The rest of the UI kit in one chunk the areas share: opening an area then costs
            // its own code and this, not a string of small shared pieces that a browser fetches
            // six at a time at most (one of the six busy with a large list streaming in).
            { name: 'ui', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+)[\\/]/, priority: 1 },
          ],
        },
      },
      input: {
        portal: page('index.html'),
        account: page('account/index.html'),
        privacy: page('legal/privacy.html'),
        agreement: page('legal/agreement.html'),
      },
    },
  },
  server: {
    proxy: {
      '^/[^?]*\\.do(\\?.*)?$': SERVER,
      '/v1': SERVER,
      '/v2': SERVER,
      '/rest': SERVER,
    },
  },
});
