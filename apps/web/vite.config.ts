import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdCss } from './build/antd-css.ts';
import { areaPreload } from './build/area-preload.ts';
import { precompress } from './build/precompress.ts';
import { oneVendorChunk, vendorChunk } from './build/vendor-chunk.ts';

// The dev server forwards every server call; the built app is served by the server itself.
const SERVER = 'http://localhost:8080';
const page = (file: string) => resolve(import.meta.dirname, file);
const PHOTO_TIMELINE = ['/photo', '/photo/', '/photo/index', '/photo/index/'];

export default defineConfig({
  plugins: [
    react(),
    antdCss(resolve(import.meta.dirname, 'src')),
    oneVendorChunk(),
    // The areas of src/app/areas.ts whose page the portal can be opened on.
    areaPreload(
      [
        // list.do (ContactApi.list): the book's download starts with the page.
        { prefix: '/contact', module: 'src/features/contacts/ContactsArea.tsx', early: ['/contact/list.do'] },
        // list.do (SmsApi.list): the text messages' list starts with the page.
        { prefix: '/sms', module: 'src/features/sms/SmsArea.tsx', early: ['/sms/list.do'] },
        // list.do (NoteApi.list): the notes and boards start with the page.
        { prefix: '/note', module: 'src/features/notes/NotesArea.tsx', early: ['/note/list.do'] },
        // The drive's token (DriveApi.token): every first call of a folder waits for it.
        {
          prefix: '/alipan',
          module: 'src/features/drive/alipan/AlipanArea.tsx',
          early: ['/user/ali_oauth_token.do'],
        },
        { prefix: '/pan', module: 'src/features/drive/pan/PanArea.tsx' },
        // The whole timeline's month index and newest page (PhotoApi.months, .timeline), as
        // src/features/photos/photo-early.ts asks for them, only on the timeline's own address.
        {
          prefix: '/photo',
          module: 'src/features/photos/PhotosArea.tsx',
          early: [
            { path: '/photo/months', json: {}, only: PHOTO_TIMELINE },
            { path: '/photo/timeline', json: { limit: 600 }, only: PHOTO_TIMELINE },
          ],
        },
      ],
      { scope: { module: 'src/components/AntdScope.tsx', asset: 'antd.css' } },
    ),
    precompress(),
  ],
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
      // The mime package builds a table of its own when imported; nothing here uses that one.
      treeshake: { moduleSideEffects: [{ test: /node_modules[\\/]mime[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          // The file-type table (the mime package's data, ~40 kB) is for the drive and share pages:
          // its own chunk, fetched by them, not by the portal's first page. Only the table: what it
          // imports (`extensionOf`, also used by the first page) stays where it was.
          includeDependenciesRecursively: false,
          groups: [
            { name: 'file-types', test: /node_modules[\\/]mime[\\/]|shared[\\/]src[\\/]file-types\.ts$/ },
            // antd and its helpers, for the areas' pages: one file, not forty (build/vendor-chunk.ts).
            { name: vendorChunk },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '^/[^?]*\\.do(\\?.*)?$': SERVER,
      '/v1': SERVER,
      '/v2': SERVER,
      '/rest': SERVER,
      // Share links: the public page's calls and the `/s/<id>` address.
      '/share/': SERVER,
      '^/s/[^/?]+(\\?.*)?$': SERVER,
    },
  },
});
