// The sound of a stone on the board (a switch, off by default): a short knock made with Web
// Audio, no files; a capture adds a second, lighter one.

export class StoneSound {
  constructor() {
    this.audio = null;
    this.count = 0; // knocks played, for the tests
  }

  play(captured) {
    try {
      this.audio ??= new AudioContext();
      const ctx = this.audio;
      const knock = (at, freq, level) => {
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.type = 'triangle';
        osc.frequency.setValueAtTime(freq, at);
        osc.frequency.exponentialRampToValueAtTime(freq * 0.5, at + 0.08);
        gain.gain.setValueAtTime(level, at);
        gain.gain.exponentialRampToValueAtTime(0.001, at + 0.09);
        osc.connect(gain).connect(ctx.destination);
        osc.start(at);
        osc.stop(at + 0.1);
      };
      knock(ctx.currentTime, 900, 0.5);
      if (captured) knock(ctx.currentTime + 0.11, 1300, 0.25);
      this.count++;
    } catch { /* no audio: silence */ }
  }
}
