// `npm start`: build the web app when it has not been built, then run the server and pass signals on to it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { setInterval } from 'node:timers';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
  console.log('Building the web app (apps/web/dist is missing)...');
  const build = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server gets its own process group (detached), so a Ctrl+C in the terminal reaches it once, through us,
// and never reaches its embedded PostgreSQL directly: the server stops the database itself.
// stdin is not passed on: a process outside the terminal's foreground group must not read from it.
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  // The server stops by itself when this launcher is gone (killed with SIGKILL, which it cannot pass on).
  env: { ...process.env, SWITCHBOARD_LAUNCHER_PID: String(process.pid) },
  detached: true,
});

// Under `npm start` one Ctrl+C arrives twice (from the terminal and again from npm, which passes signals on):
// a repeat within a second is that echo and is dropped; a later one is the user insisting, and is passed on.
let lastForwardedAt = 0;
const forward = (signal) => () => {
  const now = Date.now();
  if (now - lastForwardedAt < 1000) return;
  lastForwardedAt = now;
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
};
process.on('SIGINT', forward('SIGINT'));
process.on('SIGTERM', forward('SIGTERM'));
// Closing the terminal hangs up our group only; ask the server to stop as it would on SIGTERM.
process.on('SIGHUP', forward('SIGTERM'));
// npm killed with SIGKILL leaves this launcher behind (its parent changes): stop the server as on SIGTERM.
const launchedBy = process.ppid;
setInterval(() => {
  if (process.ppid !== launchedBy) forward('SIGTERM')();
}, 1000).unref();

server.on('error', (error) => {
  console.error(`Could not start the server: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
});
