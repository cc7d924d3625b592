import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';

// Vendor code that every screen needs (and that changes rarely) gets its own long-cached chunk;
// Mantine and the rest split along the lazy routes, so the login screen does not pull the shell's widgets.
const reactVendor = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;

export default defineConfig({
  // plugin-react is hoisted next to the root's Vite 8 (vitest's), so its types name that Vite; it runs fine on this one.
  plugins: [react() as unknown as PluginOption],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        manualChunks(id) {
          if (reactVendor.test(id)) return 'react';
          if (id.includes('/node_modules/@tanstack/')) return 'query';
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
      '/socket.io': { target: 'http://localhost:3000', changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
      '/socket.io': { target: 'http://localhost:3000', changeOrigin: true, ws: true },
    },
  },
});
