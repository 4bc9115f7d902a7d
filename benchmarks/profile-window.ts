/**
 * One window of a fabric run under V8's sampling profiler (the inspector's Profiler domain), its samples' self time summed
 * by function and by file — the common part of fabric-scale-profile.ts and fabric-scale-prof-time.ts.
 */
import { Session } from 'node:inspector/promises';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly columnNumber: number };
}
interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}
/** The window's CPU seconds, its number of samples, and µs of self time by function and by file. */
export interface ProfiledWindow {
  readonly cpuSeconds: number;
  readonly samples: number;
  readonly byFunction: Record<string, number>;
  readonly byFile: Record<string, number>;
}

/** Runs `run` (the window) with the profiler sampling every `interval` µs. */
export async function profileWindow(run: () => void, interval: number): Promise<ProfiledWindow> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval });
  await session.post('Profiler.start');
  const c0 = process.cpuUsage();
  run();
  const c = process.cpuUsage(c0);
  const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
  session.disconnect();
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const byFunction: Record<string, number> = {};
  const byFile: Record<string, number> = {};
  // timeDeltas[i] is the time before sample i: sample i's own time is timeDeltas[i + 1]
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i + 1] ?? 0;
    const f = frames.get(id)!;
    const file = f.url === '' ? f.functionName : f.url.split('/').pop()!;
    // tsx's output keeps no line structure the profile can name: an anonymous function is told by its column
    const fn = f.url === '' ? f.functionName : f.functionName === '' ? `(anonymous) (${file}, column ${f.columnNumber})` : `${f.functionName} (${file})`;
    byFunction[fn] = (byFunction[fn] ?? 0) + dt;
    byFile[file] = (byFile[file] ?? 0) + dt;
  });
  return { cpuSeconds: (c.user + c.system) / 1e6, samples: profile.samples.length, byFunction, byFile };
}
