// @sabaki/go-board: makeMove returns a new board and throws on an illegal move; simple ko only.
import GoBoard from '@sabaki/go-board';

export const name = '@sabaki/go-board';
export const features = { superko: false, score: false };

export function newGame(size) {
  let board = GoBoard.fromDimensions(size);
  let sign = 1;
  const rules = { preventSuicide: true, preventOverwrite: true, preventKo: true };
  return {
    play(x, y) {
      try { board = board.makeMove(sign, [x, y], rules); } catch { return false; }
      sign = -sign;
      return true;
    },
    pass() { sign = -sign; },
    stones() { return Int8Array.from(board.signMap.flat()); },
  };
}
