// Files and sharing: opening an SGF file (the picker, a drop anywhere on the page, or a file the
// system hands the installed app), choosing another game of the file, saving the game as SGF,
// and links that hold the game (its SGF in the URL's fragment, never sent to a server).
import { t } from './language.js';
import { errorDetail, recordTitle, statusText } from './words.js';

const $ = (id) => document.getElementById(id);
const MAX_SGF_BYTES = 16 * 1024 * 1024;

/** A file name for a saved record: the one it was opened from, else the players, else the date. */
export function sgfFileName(name, info, now = new Date()) {
  const clean = (s) => String(s).replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').replace(/\s+/g, ' ').trim().replace(/^\.+/, '').slice(0, 80);
  if (name) {
    const base = clean(name.replace(/\.sgf$/i, ''));
    if (base) return `${base}.sgf`;
  }
  if (info?.black || info?.white) {
    const base = clean(`${info.black || '?'} vs ${info.white || '?'}${info.date ? ` ${info.date}` : ''}`);
    if (base) return `${base}.sgf`;
  }
  const d = (n) => String(n).padStart(2, '0');
  return `tengen-${now.getFullYear()}-${d(now.getMonth() + 1)}-${d(now.getDate())}-${d(now.getHours())}${d(now.getMinutes())}.sgf`;
}

/** SGF text as a share link's fragment (base64url of its UTF-8) and back. */
export function encodeSgf(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeSgf(b64) {
  const bin = atob(b64.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** Downloads a Blob as a file of that name (the SGF saved, the export's diagrams). */
export function downloadFile(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

export class Files {
  /** announcer: announce.js's Announcer. */
  constructor(session, announcer) {
    this.session = session;
    this.a = announcer;
  }

  /** Reads an SGF file (a File from the picker, a drop or the system) and shows it. */
  async openFile(file) {
    if (!file) return;
    if (file.size > MAX_SGF_BYTES) {
      this.a.message(t('sgf.tooLarge'));
      return;
    }
    let bytes;
    try {
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch (e) {
      this.a.message(t('sgf.openFailed', { detail: e?.message || String(e) }));
      return;
    }
    this.openSgf(bytes, file.name || '');
  }

  /** Reads SGF bytes, at the end of its main line; a record the strict reading refuses is read leniently, with a notice. */
  openSgf(bytes, name, index = 0) {
    let r;
    try {
      r = this.session.openSgf(bytes, name, index);
    } catch (e) {
      this.a.message(t('sgf.openFailed', { detail: errorDetail(e) }));
      return false;
    }
    this.a.clearNotice('sgf.readWithProblems');
    if (r.problem || r.warnings.length) {
      const detail = r.problem ? errorDetail(r.problem) : r.warnings[0];
      this.a.notify('sgf.readWithProblems', { detail });
    }
    this.a.say(t('say.opened', { name: name || t('record.untitled'), status: statusText(this.session) }));
    return true;
  }

  /** Opens another game of the file the record came from. */
  chooseGame(index) {
    const s = this.session;
    const count = s.game.gameCount;
    try {
      if (!s.chooseGame(index)) return;
    } catch (e) {
      this.a.message(t('sgf.openFailed', { detail: errorDetail(e) }));
      return;
    }
    this.a.say(t('say.gameChosen', { n: index + 1, count, name: recordTitle(s), status: statusText(s) }));
  }

  /** A link that opens the current game: its SGF in the URL's fragment. */
  shareUrl() {
    const s = this.session;
    const url = new URL(location.href);
    url.search = '';
    const b64 = encodeSgf(s.sgf());
    const index = s.record ? s.game.gameIndex : 0;
    url.hash = index ? `sgf=${b64}&game=${index}` : `sgf=${b64}`;
    return url.href;
  }

  /** Copies the share link (or shows it where the clipboard is not available). */
  async share() {
    const url = this.shareUrl();
    try {
      await navigator.clipboard.writeText(url);
      this.a.message(t('share.copied'));
    } catch {
      this.a.message(t('share.link', { url }));
    }
    this.a.say(t('share.copied'));
  }

  /** A game opened from a share link (#sgf=...): read, then the fragment removed. */
  openShared() {
    const m = /^#sgf=([A-Za-z0-9_-]+)(?:&game=(\d{1,7}))?$/.exec(location.hash);
    if (!m) return;
    history.replaceState(null, '', location.pathname + location.search);
    try {
      this.openSgf(decodeSgf(m[1]), '', Number(m[2] ?? 0));
    } catch (e) {
      this.a.message(t('sgf.openFailed', { detail: errorDetail(e) }));
    }
  }

  /** Downloads the current game as SGF. */
  saveFile() {
    const s = this.session;
    if (!s.game) return;
    const text = s.sgf();
    const name = sgfFileName(s.record?.name, s.gameInfo());
    downloadFile(new Blob([text], { type: 'application/x-go-sgf' }), name);
    this.a.say(t('say.saved', { name }));
  }

  /** The file picker, drag and drop anywhere on the page, saving, sharing, the system's files. */
  wire() {
    const input = $('sgf-file');
    $('open-sgf').addEventListener('click', () => input.click());
    input.addEventListener('change', async () => {
      const file = input.files?.[0];
      input.value = ''; // the same file again is a change too
      await this.openFile(file);
    });
    $('save-sgf').addEventListener('click', () => this.saveFile());
    $('share').addEventListener('click', () => this.share());
    $('record-games').addEventListener('change', (e) => this.chooseGame(Number(e.target.value)));
    // An installed app opens the .sgf files the system hands it (manifest file_handlers).
    if ('launchQueue' in window) {
      window.launchQueue.setConsumer(async (params) => {
        const handle = params.files?.[0];
        if (handle) await this.openFile(await handle.getFile());
      });
    }
    const hasFiles = (e) => Array.from(e.dataTransfer?.types || []).includes('Files');
    let depth = 0;
    const dropping = (on) => document.body.classList.toggle('dropping', on);
    document.addEventListener('dragenter', (e) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth++;
      dropping(true);
    });
    document.addEventListener('dragover', (e) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
    });
    document.addEventListener('dragleave', () => {
      depth = Math.max(0, depth - 1);
      if (!depth) dropping(false);
    });
    document.addEventListener('drop', async (e) => {
      depth = 0;
      dropping(false);
      const file = e.dataTransfer?.files?.[0];
      if (!file) return;
      e.preventDefault();
      if (document.querySelector('dialog[open]')) return;
      await this.openFile(file);
    });
  }
}
