import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdCss } from './build/antd-css.ts';

// The dev server forwards every server call; the built app is served by the server itself.
const SERVER = 'http://localhost:8080';
const page = (file: string) => resolve(import.meta.dirname, file);

export default defineConfig({
  plugins: [react(), antdCss(resolve(import.meta.dirname, 'src'))],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
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
