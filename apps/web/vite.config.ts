import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// By path, not by package name: Vite's config loader would leave a package to Node, which loads
// no TypeScript.
import { notificationsApi } from '../../packages/contract/src/routes/table/notificationsApi.ts';
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
  },
});
