import react from '@vitejs/plugin-react';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type PluginOption, type Rollup } from 'vite';
import { mantineComponentStyles } from './mantine-styles.ts';
import { precompress } from './precompress.ts';

// Vendor code that every screen needs (and that changes rarely) gets its own long-cached chunk;
// Mantine and the rest split along the lazy routes, so the login screen does not pull the shell's widgets.
const reactVendor = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;

const sourceDir = fileURLToPath(new URL('src/', import.meta.url));
const sharedDir = fileURLToPath(new URL('../../packages/shared/src/', import.meta.url));
const sourceFile = (path: string) => fileURLToPath(new URL(`src/${path}`, import.meta.url));

// Packages whose index only re-exports their parts: a module importing a few names from one loads those parts only.
const barrels: Record<string, RegExp> = {
  '@mantine/core': /[\\/]@mantine[\\/]core[\\/]esm[\\/]index\.mjs$/,
  '@mantine/hooks': /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/,
  '@tabler/icons-react': /[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]tabler-icons-react\.mjs$/,
};
const namedImports = /\b(?:import|export)\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const namesOf = (list: string) =>
  list
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+/))
    .filter((part) => part[0])
    .map((part) => ({ imported: part[0]!, local: part.at(-1)! }));

/** What a barrel's module (`index`) takes each exported name from: name -> the part's module id. */
function barrelParts(index: string, getModuleInfo: Rollup.GetModuleInfo): Map<string, string> {
  const parts = new Map<string, string>();
  for (const [, list, from] of (getModuleInfo(index)?.code ?? '').matchAll(namedImports)) {
    const target = fileURLToPath(new URL(from!, `file://${index}`));
    for (const { local } of namesOf(list!)) parts.set(local, target);
  }
  return parts;
}
const barrelPartsOf = new Map<string, Map<string, string>>();

/**
 * The modules `root` imports statically, directly or not: the app's own (apps/web/src) only, shared code and packages
 * left out; with `packages`, the packages' modules too, through a barrel only the parts whose names are imported
 * (what loading `root` loads, whichever chunk holds it).
 */
function staticAppModules(root: string, getModuleInfo: Rollup.GetModuleInfo, packages = false): Set<string> {
  const found = new Set<string>();
  const pending = [root];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (found.has(id)) continue;
    const ownCode = id.startsWith(sourceDir);
    if (!ownCode && !(packages && (id.includes('/node_modules/') || id.startsWith(sharedDir)))) continue;
    found.add(id);
    const info = getModuleInfo(id);
    for (const imported of info?.importedIds ?? []) {
      const barrel = Object.entries(barrels).find(([, pattern]) => pattern.test(imported))?.[0];
      if (!barrel) {
        pending.push(imported);
        continue;
      }
      if (!packages) continue;
      let parts = barrelPartsOf.get(imported);
      if (!parts) barrelPartsOf.set(imported, (parts = barrelParts(imported, getModuleInfo)));
      for (const [, list, from] of (info?.code ?? '').matchAll(namedImports)) {
        if (from !== barrel) continue;
        for (const { imported: name } of namesOf(list!)) {
          const part = parts.get(name);
          if (part) pending.push(part);
        }
      }
    }
  }
  return found;
}

/**
 * The shell's own modules in one chunk, and those it shares with the sign-in screens in another: left to Rollup they
 * were some twenty chunks of 1-2 kB, each a request and 400 bytes of headers on every signed-in cold load. The
 * entry's modules stay in the entry; a module only a lazy page or dialog imports stays with it.
 */
function shellChunks(getModuleInfo: Rollup.GetModuleInfo): Map<string, string> {
  const entry = staticAppModules(sourceFile('app/main.tsx'), getModuleInfo, true);
  const signIn = staticAppModules(sourceFile('features/auth/auth-screen.tsx'), getModuleInfo, true);
  const chunks = new Map<string, string>();
  for (const id of staticAppModules(sourceFile('app/shell/app-shell.tsx'), getModuleInfo, true)) {
    if (entry.has(id)) continue;
    if (id.startsWith(sourceDir)) chunks.set(id, signIn.has(id) ? 'common' : 'app-shell');
    // The Mantine parts (with their stylesheets), icons and helpers the shell always shows, in one chunk (with the
    // sign-in screens' in another): left to Rollup they were a dozen chunks of 1-5 kB, each a script and a stylesheet
    // with some 440 bytes of headers on every signed-in cold load (decision 0074). With them the shared constants the
    // shell runs (modules that import nothing): left out, Rollup put them in a chunk with a lazy page's module that
    // imports the shell, a cycle between the two chunks. Not shared code that imports more (zod's schemas): the shell
    // would load what only another page uses.
    else if (id.includes('/node_modules/') || (id.startsWith(sharedDir) && getModuleInfo(id)?.importedIds.length === 0))
      chunks.set(id, signIn.has(id) ? 'common-vendor' : 'shell-vendor');
  }
  return chunks;
}
let shellChunkOf: Map<string, string> | undefined;

/** With BUNDLE_STATS=<file>, writes each chunk's imports and its modules' rendered sizes there (what pulls what). */
function bundleStats(file: string | undefined): PluginOption {
  if (!file) return null;
  return {
    name: 'switchboard-bundle-stats',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle)
        .filter((output): output is Rollup.OutputChunk => output.type === 'chunk')
        .map((chunk) => ({
          file: chunk.fileName,
          imports: chunk.imports,
          dynamicImports: chunk.dynamicImports,
          modules: Object.fromEntries(
            Object.entries(chunk.modules).map(([id, module]) => [
              id.replace(/^.*node_modules\//, ''),
              module.renderedLength,
            ]),
          ),
        }));
      writeFileSync(file, JSON.stringify(chunks, null, 1));
    },
  };
}

export default defineConfig({
  // plugin-react is hoisted next to the root's Vite 8 (vitest's), so its types name that Vite; it runs fine on this one.
  plugins: [
    react() as unknown as PluginOption,
    mantineComponentStyles(),
    precompress(),
    bundleStats(process.env.BUNDLE_STATS),
  ],
  // Every import of 'zod' gets zod without its eval probe (src/lib/zod-jitless.ts).
  resolve: {
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('src/lib/zod-jitless.ts', import.meta.url)) }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      // A zod schema is built by calls Rollup cannot prove pure; marked so, an unused schema (and the zod behind
      // it) is left out of a route that only needs a shared constant.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // Tiny chunks (an icon, a hook) each cost a request and some 400 bytes of headers on a cold load: merged
        // into a chunk that loads with them wherever that changes nothing else.
        experimentalMinChunkSize: 20_000,
        // Rollup names a shared chunk after one of its modules, often a shared constant of 100 bytes beside kilobytes
        // of Mantine: 'ticket-queue' held Mantine's Input, not the queue. Such a chunk is named after Mantine's part.
        chunkFileNames(chunk) {
          const namedAfterShared = chunk.moduleIds.some((id) => id.endsWith(`/packages/shared/src/${chunk.name}.ts`));
          const mantinePart = chunk.moduleIds
            .map((id) => /@mantine[\\/]core[\\/]esm[\\/]components[\\/](\w+)[\\/]/.exec(id)?.[1])
            .find(Boolean);
          return `assets/${namedAfterShared && mantinePart ? `mantine-${mantinePart}` : '[name]'}-[hash].js`;
        },
        // A manual chunk holds the modules named here and nothing else: their packages and shared code stay where
        // Rollup puts them (by default a manual chunk takes every dependency not in another manual chunk).
        onlyExplicitManualChunks: true,
        manualChunks(id, { getModuleInfo }) {
          if (reactVendor.test(id)) return 'react';
          if (id.includes('/node_modules/@tanstack/')) return 'query';
          // floating-ui (Popover, Menu, Tooltip, Combobox) by itself: left to Rollup, small shared modules of the shell
          // were merged into its chunk, and the shell loaded it for them (decision 0063).
          if (id.includes('/node_modules/@floating-ui/')) return 'floating-ui';
          // zod under its own name: left to Rollup it was named after the first contract beside it ('held-mail').
          if (/node_modules\/zod\/|src\/lib\/zod-jitless\.ts|shared\/src\/validation-messages\.ts/.test(id))
            return 'zod';
          shellChunkOf ??= shellChunks(getModuleInfo);
          return shellChunkOf.get(id);
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
