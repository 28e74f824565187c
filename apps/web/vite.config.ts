import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// By path, not by package name: Vite's config loader would leave a package to Node, which loads
// no TypeScript.
import { notificationsApi } from '../../packages/contract/src/routes/table/notificationsApi.ts';
import { pureContract } from './build/pure-contract-plugin.ts';
import { serviceWorker } from './build/service-worker-plugin.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
// The server answers the API and the uploaded photos and videos it stores (/media).
const server = { target: 'http://localhost:3000', changeOrigin: false };
const api = { '/api': server, '/media': server };

export default defineConfig({
  root,
  base: '/',
  plugins: [
    react(),
    pureContract(),
    serviceWorker({
      template: `${root}src/sw/service-worker.js`,
      api: {
        markRead: notificationsApi.markRead.path,
        subscribe: notificationsApi.subscribePush.path,
      },
    }),
  ],
  server: { proxy: api },
  preview: { proxy: api },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the entry imports statically is the entry: one file, not seven that the page
            // can only ask for once it has the first.
            { name: 'index', tags: ['$initial'], priority: 10 },
            {
              // antd-mobile's animation and gestures (pull to refresh, popups, swipes): one file
              // for every route that needs them, not two it finds one after the other.
              name: 'motion',
              test: /[\\/]node_modules[\\/](@react-spring|@use-gesture)[\\/]/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
});
