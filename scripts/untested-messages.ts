// Lists the message constants of @switchboard/shared whose text no test asserts as literal text (issue 26 §6):
// NONE when no test names them at all, CONST-ONLY when tests reach them only through the constant, so a drifted
// wording would still pass. spec-messages.test.ts pins texts to the spec and is not counted as a behaviour test.
// Run: npx tsx scripts/untested-messages.ts
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as shared from '../packages/shared/src/index.ts';

const patterns = ["'apps/**/*.test.ts'", "'apps/**/*.test.tsx'", "'packages/**/*.test.ts'", "'e2e/**/*.ts'"].join(' ');
const files = execSync(`git ls-files ${patterns} && git ls-files --others --exclude-standard ${patterns}`, {
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);
const texts = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
const everything = [...texts.values()].join('\n');
const behaviour = [...texts].filter(([file]) => !file.endsWith('spec-messages.test.ts')).map(([, text]) => text);
const asWritten = (text: string) => [text, text.replace(/'/g, "\\'"), JSON.stringify(text).slice(1, -1)];

const rows: string[] = [];
for (const [name, value] of Object.entries(shared)) {
  if (!/[Mm]essages?$|Texts?$|Errors?$/.test(name)) continue;
  const entries: [string, unknown][] =
    typeof value === 'string'
      ? [[name, value]]
      : value && typeof value === 'object'
        ? Object.entries(value).map(([key, text]) => [`${name}.${key}`, text])
        : [];
  for (const [path, text] of entries) {
    if (typeof text !== 'string') continue;
    if (asWritten(text).some((written) => behaviour.some((test) => test.includes(written)))) continue;
    const named = new RegExp(`\\b${path.replace('.', '\\.')}\\b`).test(everything);
    rows.push(`${named ? 'CONST-ONLY' : 'NONE'}\t${path}\t${text}`);
  }
}
console.log(rows.sort().join('\n') || 'Every message text is asserted as literal text.');
