/**
 * The importers' forgiveness, in one place: which lines of a tool's output are text captured with
 * it (a shell prompt and command, a diagnostic the tool wrote to stderr) rather than part of the
 * format, and a log of warnings that keeps the first few of each kind and counts the rest, so a
 * file with ten thousand captured lines warns in a dozen lines.
 */
import type { ImportWarning } from './importError.js';

/** A shell prompt followed by a command: `[root@head ~]# ibnetdiscover`, `user@h:~$ ibnetdiscover > net.txt`, `$ ibnetdiscover`. */
const PROMPT = /^(?:\[[^\]]*\]\s*|\([^)]*\)\s*)?[\w.@~:/-]*[$#%>]\s+\S/;
/** A diagnostic of the infiniband-diags tools or their libraries (ibwarn/iberror lines, `-W-`/`-E-` lines of ibdiagnet). */
const DIAGNOSTIC = /\b(?:ibwarn|iberror|ibpanic|ibexit)\b|^(?:ibnetdiscover|ibdiagnet\d?|ibnd\w*|libibmad|libibnetdisc|smp_query|mad_rpc\w*)\b\S*:|^-[EWI]-|^(?:WARN(?:ING)?|ERR(?:OR)?)\b/i;

/** What a line that is not part of the format looks like, or undefined for none of the known kinds. */
export function capturedLineKind(line: string): 'prompt' | 'diagnostic' | undefined {
  if (DIAGNOSTIC.test(line)) return 'diagnostic';
  if (PROMPT.test(line)) return 'prompt';
  return undefined;
}

/** At most this many warnings of one kind are kept; the rest are counted. */
export const WARNINGS_PER_KIND = 10;

/** Warnings grouped by kind (see the module comment). */
export class WarningLog {
  private readonly kept: ImportWarning[] = [];
  private readonly counts = new Map<string, { count: number; example: string; file: string }>();

  /** Adds a warning of `kind` (a short key such as 'loopback'). */
  add(kind: string, file: string, line: number, message: string): void {
    const c = this.counts.get(kind) ?? { count: 0, example: message, file };
    c.count++;
    this.counts.set(kind, c);
    if (c.count <= WARNINGS_PER_KIND) this.kept.push({ file, line, message });
  }

  /** Takes warnings already made (e.g. by importLines), under one kind each. */
  addAll(kind: string, warnings: readonly ImportWarning[]): void {
    for (const w of warnings) this.add(kind, w.file, w.line, w.message);
  }

  /** The warnings kept, in the order given, then one line per kind that had more. */
  list(): ImportWarning[] {
    const more: ImportWarning[] = [];
    for (const [kind, c] of this.counts) {
      if (c.count > WARNINGS_PER_KIND) more.push({ file: c.file, line: 0, message: `${c.count - WARNINGS_PER_KIND} more warnings like the above (${kind}) not listed` });
    }
    return [...this.kept, ...more];
  }
}
