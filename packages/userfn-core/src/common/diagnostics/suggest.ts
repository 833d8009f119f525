/** Levenshtein distance, capped: returns cap + 1 as soon as the distance exceeds cap. */
export function editDistance(a: string, b: string, cap = 3): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      cur.push(v);
      if (v < best) best = v;
    }
    if (best > cap) return cap + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * The closest candidate to a misspelt name ("did you mean"), or undefined.
 * Case-insensitive equality wins outright; otherwise the smallest edit distance
 * within a threshold that grows with the name's length.
 */
export function suggest(name: string, candidates: Iterable<string>): string | undefined {
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  const cap = name.length <= 3 ? 1 : name.length <= 6 ? 2 : 3;
  for (const c of candidates) {
    if (c.toLowerCase() === lower) return c;
    const d = editDistance(lower, c.toLowerCase(), cap);
    if (d <= cap && d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}
