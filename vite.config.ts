// Vite builds the React client into dist/; in development it proxies /api and /trpc to the API server.
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precacheServiceWorker } from './scripts/sw-precache';

const apiPort = Number(process.env.PORT ?? 3000);
// changeOrigin stays off: the API's origin check compares Origin with Host, which must stay the dev server's.
const proxy = { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false };

export default defineConfig({
  plugins: [react(), tailwindcss(), precacheServiceWorker()],
  server: { port: 5173, proxy: { '/api': proxy, '/trpc': proxy, '/healthz': proxy } },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 400 },
});
