// Shared by the end-to-end tests and the icon script: Debian's Chromium through playwright-core,
// with the flags ../shared/TOOLCHAIN.md lists (root user, no GPU, no network chatter).
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
export const ARGS = ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-dev-shm-usage',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
  '--disable-quic'];

export function launch() {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}
