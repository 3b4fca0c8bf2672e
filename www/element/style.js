// The shadow tree's CSS of <tengen-board>. The board's colours come from CSS custom properties
// (lib/render.js); these are the controls'. Pages style the parts with ::part(board),
// ::part(controls), ::part(message), ::part(comment) (a record's comment, or a diagram's title as
// its caption). Printed: no buttons nor status line, and the board black on white.
// Text is the page's own colour (inherited, or --tengen-text), so it contrasts with whatever the
// page puts behind it, whatever the reader's preference; right, wrong and errors are told by a
// coloured rule beside the words, not by the words' colour. Buttons and rules pick their light or
// dark colours by the colour scheme of the element's context (light-dark(): the page's CSS
// color-scheme, or the theme attribute), not by the reader's preference alone.
export const STYLE = `
:host { display: block; max-width: 100%; font-family: var(--tengen-font, system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", sans-serif);
  color: var(--tengen-text); --tb-button: var(--tengen-button, light-dark(#f4f1ea, #34322d)); --tb-button-text: var(--tengen-button-text, light-dark(#1d1d1b, #ecebe6));
  --tb-accent: var(--tengen-mark, light-dark(#0b63ce, #8ab8ff)); --tb-right: light-dark(#176b2c, #7fd48f); --tb-wrong: light-dark(#a1261b, #ff9c8f); }
:host([theme=light]) { color-scheme: light; color: var(--tengen-text, #1d1d1b); }
:host([theme=dark]) { color-scheme: dark; color: var(--tengen-text, #ecebe6); }
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
.message[data-kind=right], .message[data-kind=wrong] { font-weight: 600; border-left: 4px solid var(--tb-wrong); padding-left: 0.5rem; }
.message[data-kind=right] { border-color: var(--tb-right); }
.message[data-kind=error] { font-weight: 600; border: 2px solid var(--tb-wrong); border-radius: 4px; padding: 0.6rem 0.8rem; }
.comment { margin: 0.4rem 0 0; white-space: pre-wrap; font-size: 0.95rem; }
.comment[hidden] { display: none; }
@media print{:host([mode=edit]:not([ready])){display:none!important}.bar,.message{display:none}canvas{--tengen-board:#fff;--tengen-board-edge:#000;--tengen-line:#000;--tengen-mark:#000}}
.sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
`;
