// Once per run: one Chromium that every browser test file connects to (support/browser.ts launchBrowser), instead of
// each file starting its own (about a second of wall time and more of CPU a file). Files still share no state: each
// page gets its own browser context (no cookies or storage in common), and a file's close() only disconnects it.
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumArgs, chromiumPath } from './chromium.ts';
import './context.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
  project.provide('browserWSEndpoint', server.wsEndpoint());
  return () => server.close();
}
