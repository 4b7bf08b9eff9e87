import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// In development Vite serves the app and hands API, media and runtime config to the server.
const server = process.env.DEALDESK_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  // The core is built from source, so the web app never waits for `tsc -b`.
  resolve: {
    alias: {
      '@dealdesk/core': fileURLToPath(new URL('../core/src/index.ts', import.meta.url)),
    },
  },
  server: {
    proxy: { '/api': server, '/media': server, '/config.js': server },
  },
  build: { sourcemap: true, chunkSizeWarningLimit: 700 },
});
