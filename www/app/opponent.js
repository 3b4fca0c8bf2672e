// The computer's turn: on it, the engine's workers (pool.js, engine-worker.js) think on copies
// of the game rebuilt from the session's options and actions, and the answer is played through
// session.perform like a click, a pass or a resignation. A search belongs to the position it
// started from (the session's version): any change of the game (undo, resign, a new game, a
// record opened) stops it, and an answer for anything but the search now awaited is ignored.
// After the computer's move, at a level by time, the workers go on searching the player's
// position (pondering), so that the player's move finds a grown tree; any change stops it, and
// so does the tab hidden, and a cap.
import { moveOptions, timed } from './computer.js';

/** The most a position is pondered: the CPU (and a phone's battery) spent while the player thinks. */
export const PONDER_CAP_MS = 60000;

export class Opponent {
  /**
   * session: the Session; engine: the workers (pool.js's Engine, or any object with
   * genmove(options, actions, moveOptions) -> Promise<{ move }>, stop(), and optionally
   * ponder(options, actions, capMs) and stopPonder());
   * h: { changed() (the search started or stopped), failed(error) (the search failed),
   *      refused(error) (the engine refused its answer) };
   * doc: the document whose visibility stops pondering (none in Node).
   */
  constructor(session, engine, h, doc = globalThis.document) {
    this.session = session;
    this.engine = engine;
    this.h = h;
    this.thinking = null; // { id, version } while the computer searches
    this.thinkId = 0;
    this.thoughts = 0; // searches started, for the tests
    this.pondering = null; // { version } while the workers search on the player's time
    this.answered = -1; // the version the computer's last move made
    this.hidden = () => !!doc?.hidden;
    doc?.addEventListener?.('visibilitychange', () => this.sync());
  }

  /** Whether the workers may search on the player's time: just after the computer's move. */
  mayPonder() {
    const s = this.session;
    return !!(this.engine.ponder && s.opponent && !s.record && timed(s.opponent.level)
      && s.game?.phase === 'playing' && !s.computerToMove() && s.version === this.answered
      && !this.hidden());
  }

  /**
   * After any change: a search for a position since left stops; on the computer's turn, unless
   * it is already thinking, one starts (again after a failure too).
   */
  sync() {
    const s = this.session;
    if (this.pondering && (this.pondering.version !== s.version || !this.mayPonder())) {
      this.pondering = null;
      this.engine.stopPonder();
    }
    if (this.thinking && this.thinking.version !== s.version) this.cancel();
    if (this.thinking) return;
    if (!s.computerToMove()) {
      if (!this.pondering && this.mayPonder()) {
        this.pondering = { version: s.version };
        this.engine.ponder(s.options, s.actions, PONDER_CAP_MS);
      }
      return;
    }
    const id = ++this.thinkId;
    this.thinking = { id, version: s.version };
    this.thoughts++;
    this.engine.genmove(s.options, s.actions, moveOptions(s.opponent, s.actions.length, s.options))
      .then((r) => this.answer(id, r.move), (e) => this.failed(id, e));
    this.h.changed();
  }

  /** Stops a search in progress (the workers stop within a slice). */
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
      return;
    }
    // The workers think on while the player does (perform's change synced before this was set).
    this.answered = s.version;
    this.sync();
  }

  failed(id, e) {
    if (this.thinking?.id !== id) return;
    this.thinking = null;
    this.h.changed();
    this.h.failed(e);
  }
}
