// Announcements: the live region that screen readers read (#live), the message line under the
// buttons (#message) and the notices at the top of the page (#notices, each with its Dismiss).
import { LiveRegion } from '../lib/announce.js';
import { t } from './language.js';

const $ = (id) => document.getElementById(id);

export class Announcer {
  constructor() {
    this.live = null;
  }

  /** Announces text in the live region (nothing for no text). */
  say(text) {
    this.live ??= new LiveRegion($('live'));
    this.live.say(text);
  }

  /** The message line: why something was refused, or '' to clear it. */
  message(text) {
    const m = $('message');
    if (m.textContent !== text) m.textContent = text;
  }

  /** A notice by its string key (once: a notice already shown is not repeated); `text` its words if not t(key). */
  notify(key, vars, text = t(key, vars)) {
    const box = $('notices');
    if (box.querySelector(`[data-key="${key}"]`)) return;
    const div = document.createElement('div');
    div.className = 'notice';
    div.dataset.key = key;
    div.setAttribute('role', 'status');
    const p = document.createElement('p');
    p.textContent = text;
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'btn small';
    b.textContent = t('button.dismiss');
    b.addEventListener('click', () => div.remove());
    div.append(p, b);
    box.append(div);
  }

  clearNotice(key) {
    $('notices').querySelector(`[data-key="${key}"]`)?.remove();
  }
}
