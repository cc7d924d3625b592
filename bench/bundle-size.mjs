// Budget (GUIDE "Performance budgets"): the JavaScript the shell loads first is under 250 kB gzipped.
// Reads apps/web/dist/index.html: its module scripts and modulepreload links are what the browser fetches up front.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const budgetBytes = 250_000;
const dist = join(dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const indexPath = join(dist, 'index.html');
if (!existsSync(indexPath)) {
  console.error('apps/web/dist/index.html is missing: run `npm run build` first.');
  process.exit(1);
}

const html = readFileSync(indexPath, 'utf8');
const urls = new Set();
for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
  const isModuleScript = /^<script/i.test(tag) && /\btype=["']?module/i.test(tag);
  const isPreload = /^<link/i.test(tag) && /\brel=["']?modulepreload/i.test(tag);
  const url = tag.match(/\b(?:src|href)=["']?([^"' >]+)/i)?.[1];
  if ((isModuleScript || isPreload) && url && !/^[a-z]+:\/\//i.test(url)) urls.add(url.replace(/^\//, ''));
}
if (urls.size === 0) {
  console.error('No module script found in apps/web/dist/index.html.');
  process.exit(1);
}

let total = 0;
for (const url of urls) {
  const size = gzipSync(readFileSync(join(dist, url)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1000).toFixed(1).padStart(8)} kB  ${url}`);
}
const verdict = total <= budgetBytes ? 'within' : 'OVER';
console.log(`${(total / 1000).toFixed(1).padStart(8)} kB  gzipped in all: ${verdict} the ${budgetBytes / 1000} kB budget`);
process.exit(total <= budgetBytes ? 0 : 1);
