// The shadow tree's CSS of <tengen-board>. The board's colours come from CSS custom properties
// (lib/render.js); these are the controls'. Pages style the parts with ::part(board),
// ::part(controls), ::part(message), ::part(comment) (a record's comment, or a diagram's title as
// its caption). Printed: no buttons nor status line, and the board black on white.
export const STYLE = `
:host { display: block; max-width: 100%; font-family: var(--tengen-font, system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", sans-serif);
  color: var(--tengen-text, #1d1d1b); --tb-button: var(--tengen-button, #f4f1ea); --tb-button-text: var(--tengen-button-text, #1d1d1b);
  --tb-accent: var(--tengen-mark, #0b63ce); --tb-right: #176b2c; --tb-wrong: #a1261b; }
@media (prefers-color-scheme: dark) {
  :host { color: var(--tengen-text, #ecebe6); --tb-button: var(--tengen-button, #34322d); --tb-button-text: var(--tengen-button-text, #ecebe6);
    --tb-accent: var(--tengen-mark, #8ab8ff); --tb-right: #7fd48f; --tb-wrong: #ff9c8f; }
}
:host([hidden]) { display: none; }
.board { position: relative; width: 100%; }
canvas { display: block; width: 100%; height: 100%; touch-action: manipulation; border-radius: 4px; }
canvas:focus { outline: none; }
canvas:focus-visible { outline: 3px solid var(--tb-accent); outline-offset: 2px; }
.bar { display: flex; flex-wrap: wrap; gap: 0.4rem; margin-top: 0.45rem; align-items: center; }
.bar[hidden] { display: none; }
.variations { display: contents; }
button { font: inherit; font-size: 0.95rem; min-height: 2.5rem; min-width: 2.75rem; padding: 0.3rem 0.8rem; border-radius: 0.4rem;
  border: 1px solid currentColor; background: var(--tb-button); color: var(--tb-button-text); cursor: pointer; }
button:disabled { opacity: 0.45; cursor: default; }
button[hidden] { display: none; }
button:focus-visible { outline: 3px solid var(--tb-accent); outline-offset: 2px; }
.message { margin: 0.4rem 0 0; min-height: 1.3em; font-size: 0.95rem; }
.message:empty { display: none; }
.message[data-kind="right"] { color: var(--tb-right); font-weight: 600; }
.message[data-kind="wrong"], .message[data-kind="error"] { color: var(--tb-wrong); font-weight: 600; }
.comment { margin: 0.4rem 0 0; white-space: pre-wrap; font-size: 0.95rem; }
.comment[hidden] { display: none; }
@media print{.bar,.message{display:none}canvas{--tengen-board:#fff;--tengen-board-edge:#000;--tengen-line:#000;--tengen-mark:#000}}
.sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
`;
