/**
 * Reads linear forwarding tables (LFTs) as the fabric's tools dump them: `ibroute` for one switch
 * (`dump_lfts.sh` runs it for every switch) and OpenSM's `opensm-lfts.dump`. Each switch's table
 * opens with a header line
 *
 *     Unicast lids [0x0-0x10] of switch Lid 4 guid 0x0000000000200002 (leaf-1):
 *
 * (the part between "switch" and "guid" may be `Lid N` or a directed-route path) and lists one
 * entry per line, the destination LID in hex and the output port in decimal, then a comment:
 *
 *     0x0005 001 : (Channel Adapter portguid 0x0000000000100003: 'gpu01 mlx5_0')   (ibroute)
 *     0x0005 001 # portguid 0x0000000000100003: 'gpu01 mlx5_0'                      (OpenSM)
 *
 * The column titles (`Lid Out Destination`, `Port Info`) and the closing `N valid lids dumped` line
 * are skipped. Port 0 is the switch itself; port 255 means "no route" and is kept out of the table.
 */
import { ClusterFormatError, importLines } from './importError.js';
import { MAX_UNICAST_LID, normaliseGuid } from './ibnetdiscover.js';

/** One switch's table. */
export interface LftTable {
  /** Node GUID, 16 lower-case hex digits. */
  readonly guid: string;
  /** The line of the header. */
  readonly line: number;
  /** LID → { output port, line }. */
  readonly entries: ReadonlyMap<number, { readonly port: number; readonly line: number }>;
}

const HEADER = /^Unicast lids \[[^\]]*\] of switch .*?\bguid (?:0x)?([0-9A-Fa-f]+)\b/;
const ENTRY = /^0x([0-9A-Fa-f]+)\s+(\d+)(?:\s|$)/;
const SKIPPED = /^(Lid\s+Out\s+Destination|Port\s+Info|\d+ (valid )?lids dumped|#|$)/;

/**
 * Parses an LFT dump into one table per switch, keyed by node GUID.
 *
 * @param file a name for messages (default 'lfts').
 * @throws ClusterFormatError naming the line and the rule: a line that is none of the above (a
 *   truncated file), an entry before any header, a LID outside 1..0xBFFF, a port above 254, a LID
 *   given twice for one switch, a switch given twice.
 */
export function parseLfts(text: string, file = 'lfts'): Map<string, LftTable> {
  const lines = importLines('lfts', file, text);
  const fail: (line: number, rule: string) => never = (line, rule) => {
    throw new ClusterFormatError('lfts', file, line, rule);
  };
  const tables = new Map<string, LftTable>();
  let current: { guid: string; line: number; entries: Map<number, { port: number; line: number }> } | undefined;
  lines.forEach((raw, k) => {
    const n = k + 1;
    const line = raw.trim();
    if (SKIPPED.test(line)) return;
    const h = HEADER.exec(line);
    if (h) {
      const guid = normaliseGuid(h[1]!);
      const prior = tables.get(guid);
      if (prior !== undefined) fail(n, `a switch's table must be given once: guid 0x${guid} already has one at line ${prior.line}`);
      current = { guid, line: n, entries: new Map() };
      tables.set(guid, current);
      return;
    }
    const e = ENTRY.exec(line);
    if (!e) fail(n, `a line must be a table header ("Unicast lids [...] of switch ... guid 0x...") or an entry ("0xLID PORT ..."); got ${JSON.stringify(line.slice(0, 80))} (a truncated file?)`);
    if (current === undefined) fail(n, 'an entry must follow its switch\'s "Unicast lids ... guid 0x..." header');
    const lid = parseInt(e[1]!, 16);
    if (!(lid >= 1 && lid <= MAX_UNICAST_LID)) fail(n, `a LID must be in 0x0001..0xBFFF, got 0x${e[1]}`);
    const port = Number(e[2]);
    if (port === 255) return;
    if (port > 254) fail(n, `an output port must be in 0..254 (255 = no route), got ${port}`);
    const prior = current.entries.get(lid);
    if (prior !== undefined) fail(n, `a LID must have one entry per switch: 0x${e[1]} already has one at line ${prior.line}`);
    current.entries.set(lid, { port, line: n });
  });
  if (tables.size === 0) fail(0, 'an LFT dump must hold at least one "Unicast lids ... of switch ... guid 0x..." table (an empty file?)');
  return tables;
}
