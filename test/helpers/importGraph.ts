/**
 * The import graph of src/ and a cycle finder over it, for test/architecture.test.ts. Imports are
 * read by the TypeScript compiler's own pre-processor (`ts.preProcessFile`: `import`, `import type`,
 * `export … from`, `import()`), not by a regular expression, so no import form is missed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** Every .ts file under `dir`, recursively. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
    });
}

/**
 * The relative imports of every .ts file under `root`: file → the files it imports, both as paths
 * relative to `root` ('report/html.ts'). A '.js' specifier names the '.ts' file it is compiled from.
 * Package imports ('mathjs', 'node:fs') are left out.
 */
export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, false);
    const targets = importedFiles
      .map((f) => f.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => relative(root, join(file, '..', name.replace(/\.js$/, '.ts'))));
    graph.set(relative(root, file), [...new Set(targets)]);
  }
  return graph;
}

/**
 * The import cycles of a graph: one cycle, as a closed path [a, b, …, a], for every strongly
 * connected component that has one (more than one node, or a node importing itself). Components by
 * Tarjan's algorithm (Tarjan 1972, "Depth-first search and linear graph algorithms", SIAM J.
 * Comput. 1(2)); the path shown is a shortest cycle through the component's first node, by
 * breadth-first search inside it. Nodes that appear only as targets count as nodes without imports.
 */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const next = (v: string) => graph.get(v) ?? [];
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      components.push(component);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);

  const cycles: string[][] = [];
  for (const component of components) {
    const inside = new Set(component);
    const start = [...component].sort()[0]!;
    if (component.length === 1 && !next(start).includes(start)) continue;
    // Breadth-first from start's successors back to start, staying inside the component.
    const parent = new Map<string, string>();
    const queue = [start];
    let found = false;
    while (queue.length > 0 && !found) {
      const v = queue.shift()!;
      for (const w of next(v)) {
        if (!inside.has(w) || parent.has(w)) continue;
        parent.set(w, v);
        if (w === start) {
          found = true;
          break;
        }
        queue.push(w);
      }
    }
    const path = [start];
    for (let v = parent.get(start)!; v !== start; v = parent.get(v)!) path.push(v);
    path.push(start);
    cycles.push(path.reverse());
  }
  return cycles;
}
