// The computer's turn: on it, the engine worker (computer.js, engine-worker.js) thinks on a copy
// of the game rebuilt from the session's options and actions, and its answer is played through
// session.perform like a click, a pass or a resignation. A search belongs to the position it
// started from (the session's version): any change of the game (undo, resign, a new game, a
// record opened) stops it, and an answer for anything but the search now awaited is ignored.
import { moveOptions } from './computer.js';

export class Opponent {
  /**
   * session: the Session; engine: the worker (computer.js's Engine, or any object with
   * genmove(options, actions, moveOptions) -> Promise<{ move }> and stop());
   * h: { changed() (the search started or stopped), failed(error) (the search failed),
   *      refused(error) (the engine refused its answer) }
   */
  constructor(session, engine, h) {
    this.session = session;
    this.engine = engine;
    this.h = h;
    this.thinking = null; // { id, version } while the computer searches
    this.thinkId = 0;
    this.thoughts = 0; // searches started, for the tests
  }

  /**
   * After any change: a search for a position since left stops; on the computer's turn, unless
   * it is already thinking, one starts (again after a failure too).
   */
  sync() {
    if (this.thinking && this.thinking.version !== this.session.version) this.cancel();
    if (this.thinking || !this.session.computerToMove()) return;
    const s = this.session;
    const id = ++this.thinkId;
    this.thinking = { id, version: s.version };
    this.thoughts++;
    this.engine.genmove(s.options, s.actions, moveOptions(s.opponent, s.actions.length))
      .then((r) => this.answer(id, r.move), (e) => this.failed(id, e));
    this.h.changed();
  }

  /** Stops a search in progress (ending the worker, the one way to stop wasm that runs). */
  cancel() {
    if (!this.thinking) return;
    this.thinking = null;
    this.engine.stop();
    this.h.changed();
  }

  /** The computer's answer: played as a click, a pass or a resignation would be. */
  answer(id, move) {
    const t = this.thinking;
    if (t?.id !== id) return; // a search stopped since
    this.thinking = null;
    const s = this.session;
    if (t.version !== s.version || !s.computerToMove()) {
      this.h.changed();
      return;
    }
    const computer = { computer: true };
    try {
      if (move === 'resign') {
        s.perform(['resign', s.opponent.computer], computer);
      } else if (move === 'pass') {
        s.perform(['pass'], computer);
      } else {
        try {
          s.perform(['place', move.x, move.y], computer);
        } catch {
          s.perform(['pass'], computer); // a move the page's game refuses: the computer passes
        }
      }
    } catch (e) {
      this.h.changed();
      this.h.refused(e);
    }
  }

  failed(id, e) {
    if (this.thinking?.id !== id) return;
    this.thinking = null;
    this.h.changed();
    this.h.failed(e);
  }
}
