#!/usr/bin/env node
// The review's benchmark in headless Chromium: a 19x19 record of at least 200 moves from
// ../shared/corpus/replay (the first listed in replay.json that replays cleanly), reviewed at the
// default budget. Prints the total time, the workers and playouts, and the click latency while
// the analysis runs (the page's navigation buttons clicked every 300 ms, each timed in the page
// from the input event's timestamp to the next frame after its handler, performance.now()).
// Asserts that the review completed: the graph has a point per position (moves + 1) and the
// five worst moves are listed. Skips with a message when the corpus is absent.
//   node scripts/review-bench.mjs [file.sgf]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { serve } from './serve.mjs';
import { launch } from '../tests/e2e/browser.mjs';
import { budgetFor, workerCount } from '../www/app/review-data.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CORPUS = path.resolve(ROOT, '..', 'shared', 'corpus', 'replay');

/** The record to review: the file given, else the corpus's first clean game of 200 moves or more. */
function pick() {
  if (process.argv[2]) return process.argv[2];
  const index = path.join(CORPUS, '..', 'replay.json');
  if (!fs.existsSync(index)) return null;
  const { games } = JSON.parse(fs.readFileSync(index, 'utf8'));
  const g = games.find((e) => e.moves >= 200 && e.expected?.all_moves_legal !== false && e.expected?.all_moves_legal_under?.length >= 3);
  return g ? path.join(CORPUS, g.file) : null;
}

const file = pick();
if (!file || !fs.existsSync(file)) {
  console.log(`review-bench: skipped, no record of 200 moves (the corpus ${CORPUS} is absent)`);
  process.exit(0);
}

const server = await serve({ port: 0, host: '127.0.0.1', quiet: true });
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await launch();
try {
  const ctx = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  page.setDefaultTimeout(15000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(base);
  await page.waitForSelector('body[data-ready="true"]');
  await page.setInputFiles('#sgf-file', { name: path.basename(file), mimeType: 'application/x-go-sgf', buffer: fs.readFileSync(file) });
  await page.waitForFunction(() => window.tengen.record !== null && !document.getElementById('review').hidden);
  // Each click timed from its input event to the frame after the page handled it.
  await page.evaluate(() => {
    window.latencies = [];
    // The page's own long tasks (over 50 ms on its thread), to tell the page's work from the
    // machine's load.
    window.longTasks = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.longTasks.push(e.duration); }).observe({ type: 'longtask' });
    window.addEventListener('click', (e) => {
      const t = e.timeStamp;
      requestAnimationFrame(() => window.latencies.push(performance.now() - t));
    });
  });
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const t0 = Date.now();
  await page.click('#review-start');
  await page.waitForSelector('#review-progress:not([hidden])');
  let clicks = 0;
  for (;;) {
    const running = await page.evaluate(() => !document.getElementById('review-progress').hidden);
    if (!running) break;
    await page.click(clicks % 2 ? '#nav-prev' : '#nav-next').catch(() => {});
    clicks++;
    await new Promise((r) => setTimeout(r, 300));
    if (Date.now() - t0 > 600000) throw new Error('the review took over 10 minutes');
  }
  const seconds = (Date.now() - t0) / 1000;
  const points = await page.$eval('#review-graph', (c) => Number(c.getAttribute('aria-valuemax')) + 1);
  const worst = await page.$$eval('#review-worst button', (bs) => bs.map((b) => b.textContent));
  const lat = (await page.evaluate(() => window.latencies)).sort((a, b) => a - b);
  const long = (await page.evaluate(() => window.longTasks)).sort((a, b) => a - b);
  const moves = await page.evaluate(() => {
    document.getElementById('nav-last').click();
    return window.tengen.path.length;
  });
  const done = await page.evaluate(() => document.getElementById('review-start').hidden);
  assert.deepEqual(errors, []);
  assert.ok(done, 'every position analysed');
  assert.equal(points, moves + 1, 'a point per position');
  assert.equal(worst.length, 5, 'the five worst listed');
  const ms = (v) => `${v.toFixed(1)} ms`;
  console.log(`review-bench: ${path.basename(file)}: ${moves} moves, ${points} positions, ${cores} cores (load average ${os.loadavg()[0].toFixed(1)})`);
  console.log(`  reviewed in ${seconds.toFixed(1)} s at the default budget (${budgetFor(19, 19)} playouts a position, ${workerCount(cores)} workers)`);
  console.log(`  ${lat.length} clicks during the analysis: worst ${ms(lat.at(-1) ?? 0)}, median ${ms(lat[Math.floor(lat.length / 2)] ?? 0)}`);
  console.log(`  the page's long tasks (> 50 ms) during the review: ${long.length}, the longest ${ms(long.at(-1) ?? 0)}`);
  console.log(`  worst moves: ${worst.join(' | ')}`);
  await ctx.close();
} finally {
  await browser.close();
  server.close();
}
