/**
 * Reading V8 .cpuprofile files: self and inclusive sample shares per function
 * and self shares per source line, mapped back to the TypeScript sources
 * through the dist's source maps. Pure apart from reading source maps.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Aggregates a profile: per function (self, inclusive) and per line (self), as shares of all samples. */
export function aggregate(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const total = profile.nodes.reduce((s, n) => s + (n.hitCount ?? 0), 0);
  const functions = new Map();
  const lines = new Map();
  const keyOf = (cf) => `${cf.url}\u0000${cf.lineNumber}\u0000${cf.columnNumber}\u0000${cf.functionName}`;
  const fn = (cf) => {
    const k = keyOf(cf);
    let f = functions.get(k);
    if (!f)
      functions.set(
        k,
        (f = { name: cf.functionName || '(anonymous)', url: cf.url, line: cf.lineNumber + 1, column: cf.columnNumber + 1, self: 0, inclusive: 0 }),
      );
    return f;
  };
  for (const n of profile.nodes) {
    fn(n.callFrame).self += n.hitCount ?? 0;
    for (const t of n.positionTicks ?? []) {
      const k = `${n.callFrame.url}\u0000${t.line}`;
      const l = lines.get(k) ?? { url: n.callFrame.url, line: t.line, function: n.callFrame.functionName || '(anonymous)', self: 0 };
      l.self += t.ticks;
      lines.set(k, l);
    }
  }
  // Inclusive: a node's subtree, counted once per function even when it recurses.
  const inclusiveOf = new Map();
  const subtree = (id) => {
    if (inclusiveOf.has(id)) return inclusiveOf.get(id);
    const n = byId.get(id);
    let s = n.hitCount ?? 0;
    for (const c of n.children ?? []) s += subtree(c);
    inclusiveOf.set(id, s);
    return s;
  };
  const root = profile.nodes[0];
  const active = new Map();
  const stack = [[root.id, false]];
  while (stack.length > 0) {
    const [id, leaving] = stack.pop();
    const n = byId.get(id);
    const k = keyOf(n.callFrame);
    if (leaving) {
      active.set(k, active.get(k) - 1);
      continue;
    }
    if (!active.get(k)) fn(n.callFrame).inclusive += subtree(id);
    active.set(k, (active.get(k) ?? 0) + 1);
    stack.push([id, true]);
    for (const c of n.children ?? []) stack.push([c, false]);
  }
  const share = (x) => (total > 0 ? x / total : 0);
  return {
    totalSamples: total,
    functions: [...functions.values()].map((f) => ({ ...f, self: share(f.self), inclusive: share(f.inclusive) })),
    lines: [...lines.values()].map((l) => ({ ...l, self: share(l.self) })),
  };
}

const maps = new Map();

/** The source map of a generated file URL (null when there is none). */
function sourceMapOf(url) {
  if (maps.has(url)) return maps.get(url);
  let map = null;
  try {
    const file = url.startsWith('file:') ? fileURLToPath(url) : url;
    if (file.endsWith('.js') && existsSync(`${file}.map`))
      map = { map: new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))), base: pathToFileURL(`${file}.map`) };
  } catch {
    map = null;
  }
  maps.set(url, map);
  return map;
}

/** `path:line` in the original source (TypeScript) when a source map says so, else in the file itself; paths relative to `root`. */
export function originalLocation(url, line, column, root) {
  const relative = (u) => {
    const p = u.startsWith('file:') ? fileURLToPath(u) : u;
    return root && p.startsWith(root) ? p.slice(root.length).replace(/^\//, '') : p;
  };
  if (!url) return '(native)';
  const m = sourceMapOf(url);
  if (m) {
    const e = m.map.findEntry(line - 1, column === undefined ? 1e6 : column - 1);
    if (e?.originalSource) {
      const src = new URL(e.originalSource, m.base).href;
      return `${relative(src)}:${e.originalLine + 1}`;
    }
  }
  return `${relative(url)}:${line}`;
}

/** The top entries by a field, as printable rows. */
export function top(entries, field, count, filter = () => true) {
  return entries
    .filter(filter)
    .sort((a, b) => b[field] - a[field])
    .slice(0, count);
}
