#!/usr/bin/env node
// One-off: renders www/icons/icon.svg into the PNG icons the manifest lists (run again after
// editing the SVG): node tests/e2e/make-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from './browser.mjs';

const ICONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'www', 'icons');
const svg = fs.readFileSync(path.join(ICONS, 'icon.svg'), 'utf8');
// Maskable: the wood fills the square and the drawing shrinks into the 80% safe zone.
const maskable = svg
  .replace(/<rect [^>]*\/>/, '<rect width="512" height="512" fill="#dcb468"/><g transform="translate(256 256) scale(0.78) translate(-256 -256)">')
  .replace('</svg>', '</g></svg>');

const browser = await launch();
const page = await browser.newPage();
for (const [name, src, size] of [['icon-192.png', svg, 192], ['icon-512.png', svg, 512], ['icon-maskable-512.png', maskable, 512]]) {
  await page.setViewportSize({ width: size, height: size });
  const url = 'data:image/svg+xml;base64,' + Buffer.from(src).toString('base64');
  await page.setContent(`<style>html,body{margin:0;background:transparent}img{display:block}</style><img src="${url}" width="${size}" height="${size}">`);
  await page.waitForFunction(() => document.querySelector('img').complete);
  await page.screenshot({ path: path.join(ICONS, name), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  console.log('wrote', name);
}
await browser.close();
