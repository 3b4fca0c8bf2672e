#!/usr/bin/env node
// One-off: the screenshots the manifest lists (the install dialog shows them), taken of the page
// with a real record open: node tests/e2e/make-screenshots.mjs [record.sgf]. The default record
// is a public game of the shared corpus (../shared/corpus). Run again after changing the page's
// look; tests/e2e/page.test.mjs checks that the files match the manifest.
import fs from 'node:fs';
import path from 'node:path';
import { serve } from '../../scripts/serve.mjs';
import { launch, WWW, ROOT } from './browser.mjs';

const record = process.argv[2]
  || path.join(ROOT, '..', 'shared', 'corpus', 'ai-games', 'AlphaGo_2.0_AG_vs_AG_-_G01_-_English.sgf');
const OUT = path.join(WWW, 'screenshots');
// Chromium's install dialog: 'wide' for desktops, 'narrow' for phones; each side 320-3840 px.
const SHOTS = [
  { name: 'wide.png', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, steps: 150 },
  { name: 'narrow.png', viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, steps: 60 },
];

const server = await serve({ port: 0, host: '127.0.0.1', quiet: true });
const url = `http://127.0.0.1:${server.address().port}/?lang=en`;
const browser = await launch();
fs.mkdirSync(OUT, { recursive: true });
for (const { name, steps, ...options } of SHOTS) {
  const ctx = await browser.newContext({ serviceWorkers: 'block', ...options });
  const page = await ctx.newPage();
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]');
  await page.setInputFiles('#sgf-file', record);
  await page.waitForFunction(() => window.tengen.record !== null);
  await page.click('#nav-first');
  for (let i = 0; i < steps; i++) await page.click('#nav-next');
  await page.evaluate(() => document.activeElement?.blur());
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: path.join(OUT, name) });
  console.log('wrote', name);
  await ctx.close();
}
await browser.close();
server.close();
