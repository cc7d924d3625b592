// Makes sure Debian's Chromium is there for the browser tests; installs it when running as root.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (!existsSync(chromiumPath)) {
  if (process.env.CHROMIUM_PATH || process.getuid?.() !== 0) {
    console.error('Chromium is missing: run `sudo apt-get install -y chromium` (Debian) or set CHROMIUM_PATH.');
    process.exit(1);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', 'chromium']]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`);
      process.exit(1);
    }
  }
  if (!existsSync(chromiumPath)) {
    console.error(`apt-get installed chromium but ${chromiumPath} is still missing.`);
    process.exit(1);
  }
}
