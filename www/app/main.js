// The page's start: the words in the page's language, the engine (wasm), the controller
// (controller.js) with this tab's saved game or a shared one (and the links opened later), the hook for the end-to-end tests, and the
// service worker that keeps the page offline (sw.js).
import init, { Game } from '../pkg/tengen.js';
import { t, applyI18n } from './language.js';
import { Announcer } from './announce.js';
import { App } from './controller.js';

function registerServiceWorker(announcer) {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const hadController = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (hadController) announcer.notify('app.updated');
  });
  navigator.serviceWorker.register(new URL('../sw.js', import.meta.url)).catch(() => { /* the page works without it */ });
}

/** A hook for the end-to-end tests and for debugging in the console. */
function testHook(app) {
  const s = app.session;
  return Object.freeze({
    get view() {
      app.redraw.flush();
      return app.board.lastView;
    },
    get actions() { return s.actions.map((a) => a.slice()); },
    get path() { return s.record ? s.game.path : null; },
    get record() { return s.record ? { ...s.record } : null; },
    /** The id of the saved game this tab shows (games.js). */
    get gameId() { return app.tab.id; },
    shareUrl: () => app.files.shareUrl(),
    /** The touch preview's magnifier ({ x, y, r }, CSS pixels from the board's corner), or null. */
    loupe: () => (app.board.renderer.loupe ? { ...app.board.renderer.loupe } : null),
    get sounds() { return app.sound.count; },
    /** Against the computer: its settings, whether it is thinking, and how many searches it began. */
    get opponent() { return s.opponent ? { ...s.opponent } : null; },
    get thinking() { return !!app.opponent.thinking; },
    get thoughts() { return app.opponent.thoughts; },
    /** The computer's workers: how many, what the last move used, and pondering (pool.js). */
    get engine() {
      const e = app.opponent.engine;
      return {
        size: e.size, last: e.last && { ...e.last }, ponders: e.ponders, ponderEnds: e.ponderEnds, stopped: e.stopsAnswered,
        pondering: !!app.opponent.pondering,
      };
    },
    pointClient: (x, y) => app.board.pointClient(x, y),
  });
}

export async function main() {
  applyI18n();
  document.title = t('app.title');
  const announcer = new Announcer();
  try {
    await init({ module_or_path: new URL('../pkg/tengen_bg.wasm', import.meta.url) });
  } catch {
    announcer.notify('app.engineFailed');
    return;
  }
  const app = new App(Game, announcer);
  app.wire();
  await app.boot();
  app.files.openShared();
  // A link pasted into the address bar of an open page changes only its fragment: it opens too.
  window.addEventListener('hashchange', () => app.files.openShared());
  window.tengen = testHook(app);
  // Ready once the board has been laid out and drawn (the resize observer runs after a frame).
  requestAnimationFrame(() => requestAnimationFrame(() => { document.body.dataset.ready = 'true'; }));
  registerServiceWorker(announcer);
}

main();
