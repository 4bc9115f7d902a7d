/**
 * The progress bar of long runs (src/cli/work/progress.ts) on a stream that says it is a terminal:
 * nothing for the first half second or on a pipe; whole items counted as integers, an item under
 * way (a long replication reporting its simulated time) to one decimal, and a bar for a run of a
 * single item once it reports its own progress.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { sweepProgress } from '../../src/cli/work/progress.js';

/** A writable that keeps what it is given and says it is (or is not) a terminal 100 columns wide. */
function screen(tty: boolean): { stream: NodeJS.WriteStream; text: () => string } {
  let out = '';
  const w = new Writable({
    write(chunk, _enc, done) {
      out += String(chunk);
      done();
    },
  }) as unknown as NodeJS.WriteStream & { isTTY: boolean; columns: number };
  w.isTTY = tty;
  w.columns = 100;
  return { stream: w, text: () => out };
}

/** A clock the test moves by hand, in ms. */
function clock(): { now: () => number; advance: (ms: number) => void } {
  let t = 1_000_000;
  return { now: () => t, advance: (ms) => (t += ms) };
}

describe('sweepProgress', () => {
  it('one replication reporting its progress: silent for 0.5 s, then a bar at 0.4/1', () => {
    const s = screen(true);
    const c = clock();
    const p = sweepProgress(1, s.stream, 'replications', c.now);
    p.partial(0.1);
    c.advance(300);
    p.partial(0.2);
    expect(s.text()).toBe('');
    c.advance(300);
    p.partial(0.4);
    p.stop();
    expect(s.text()).toMatch(/0\.4\/1 replications/);
  });

  it('whole items on a terminal: integers, and nothing before half a second', () => {
    const s = screen(true);
    const c = clock();
    const p = sweepProgress(5, s.stream, 'points', c.now);
    p.tick();
    expect(s.text()).toBe('');
    c.advance(600);
    p.tick();
    p.tick();
    p.stop();
    expect(s.text()).toMatch(/2\/5 points|3\/5 points/);
    expect(s.text()).not.toMatch(/\d\.\d\/5/);
  });

  it('a replication under way after two done: 2.5/4', () => {
    const s = screen(true);
    const c = clock();
    const p = sweepProgress(4, s.stream, 'replications', c.now);
    p.tick();
    p.tick();
    c.advance(600);
    p.partial(0.5);
    p.stop();
    expect(s.text()).toMatch(/2\.5\/4 replications/);
  });

  it('not a terminal (a pipe, a file, CI): nothing at all', () => {
    const s = screen(false);
    const c = clock();
    const p = sweepProgress(3, s.stream, 'replications', c.now);
    c.advance(1000);
    p.partial(0.5);
    p.tick();
    p.partial(0.7);
    p.stop();
    expect(s.text()).toBe('');
  });

  it('a single item that never reports within itself: no bar (nothing to show between 0 and 1)', () => {
    const s = screen(true);
    const c = clock();
    const p = sweepProgress(1, s.stream, 'points', c.now);
    c.advance(1000);
    p.tick();
    p.stop();
    expect(s.text()).toBe('');
  });
});
