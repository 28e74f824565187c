import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { serviceWorker } from './build/service-worker-plugin.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const api = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

export default defineConfig({
  root,
  base: '/',
  plugins: [react(), serviceWorker({ template: `${root}src/sw/service-worker.js` })],
  resolve: {
    // npm hoisted react 18 next to antd-mobile (its react-spring peer range stops at 18); one copy
    // of React 19, the app's own, must serve every package.
    dedupe: ['react', 'react-dom'],
  },
  server: { proxy: api },
  preview: { proxy: api },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      treeshake: {
        // The contract builds zod schemas at module top level; marking it pure lets the shell
        // import its constants without pulling zod into the sign-in page's first chunk.
        moduleSideEffects: [
          { test: /packages[\\/]contract[\\/]/, sideEffects: false },
          { test: /.*/, sideEffects: true },
        ],
      },
    },
  },
});
