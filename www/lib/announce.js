// The live region a screen reader reads, for the app and <tengen-board>: the same words twice in
// a row would not be read again, so a repeat is varied invisibly.

export class LiveRegion {
  /** @param el the element with aria-live */
  constructor(el) {
    this.el = el;
    this.lastSaid = '';
  }

  /** Announces text (nothing for no text). */
  say(text) {
    if (!text) return;
    const s = text === this.lastSaid ? `${text}\u00a0` : text;
    this.lastSaid = s;
    this.el.textContent = s;
  }
}
