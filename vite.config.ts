// Vite builds the React client into dist/; in development it proxies /api and /trpc to the API server.
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precacheServiceWorker } from './scripts/sw-precache';

const apiPort = Number(process.env.PORT ?? 3000);
// changeOrigin stays off: the API's origin check compares Origin with Host, which must stay the dev server's.
const proxy = { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false };

/**
 * The parts the dashboard imports that the entry does not (its cards and rows, their helpers, date-fns): one chunk
 * instead of 13 small ones, which over HTTP/1.1's six connections per host took three round trips on a slow phone
 * (docs/performance.md). Other pages that use some of them load it too (10 kB gzipped). A module left out of this list
 * only means one more small chunk. Their own imports stay where they are (the entry's react-router, lib/names).
 * Modal stays out: the entry's stand-in for an unreachable quick search uses it, and with Modal inside, the whole group
 * (and date-fns) became part of the first visit to /login (+11 kB gz, past the budget).
 */
const dashboardParts =
  /[\\/]src[\\/](components[\\/](ActivityItem|ClampedText|FollowUpItem|GoalProgress|GoalCelebration|Icons|PageHeader|ResourceCard|ContactLink|ContactAvatar|StatCard|stretchedLink)|lib[\\/](dates|resourceIcon|goals))\.tsx?$|[\\/]shared[\\/]vocabulary\.ts$|[\\/]node_modules[\\/]date-fns[\\/]/;

/**
 * `vite build --ssr`: the first screen's renderer for Node (src/entry-server.tsx, issue 32) in dist-ssr/, one file with
 * React and every other dependency in it, in production mode, for `npm start` and the single executable alike.
 */
const serverRendering = defineConfig({
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  publicDir: false,
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    sourcemap: false,
    minify: false,
    target: 'node20',
    rolldownOptions: { output: { codeSplitting: false } },
  },
});

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? serverRendering
    : {
        plugins: [react(), tailwindcss(), precacheServiceWorker()],
        server: { port: 5173, proxy: { '/api': proxy, '/trpc': proxy, '/healthz': proxy } },
        build: {
          outDir: 'dist',
          sourcemap: false,
          chunkSizeWarningLimit: 400,
          // Which chunks each page needs, for the server's modulepreload links (dist/.vite is never served).
          manifest: true,
          rolldownOptions: {
            output: { codeSplitting: { groups: [{ name: 'dashboard-parts', test: dashboardParts, includeDependenciesRecursively: false }] } },
          },
        },
      },
);
