/**
 * The shell commands of the repository's READMEs: every ```sh block, each
 * command with the output the README says it prints (the `# …` lines right
 * under it).
 */
import { readFileSync } from 'node:fs';

export interface ReadmeCommand {
  /** The README it is in, relative to the repository root. */
  readonly file: string;
  readonly line: number;
  /** The command as written, without a trailing `# comment`. */
  readonly command: string;
  /** The lines the README says it prints (empty when it says nothing). */
  readonly expected: readonly string[];
}

/** A trailing comment after a command (`npm ci   # builds…`): two spaces or more, then `#`. */
const TRAILING_COMMENT = /\s{2,}#.*$/;

export function readmeCommands(root: URL, file: string): ReadmeCommand[] {
  const lines = readFileSync(new URL(file, root), 'utf8').split('\n');
  const out: Array<{ file: string; line: number; command: string; expected: string[] }> = [];
  let inBlock = false;
  lines.forEach((text, i) => {
    if (!inBlock) {
      inBlock = text.trim() === '```sh';
      return;
    }
    if (text.startsWith('```')) {
      inBlock = false;
      return;
    }
    const last = out.at(-1);
    if (text.startsWith('#')) {
      // `# x` is an output line, `#` alone an empty one; a comment line that continues a trailing comment is indented
      if (last) last.expected.push(text === '#' ? '' : text.replace(/^# /, ''));
      return;
    }
    if (/^\s+#/.test(text) || text.trim() === '') return;
    out.push({ file, line: i + 1, command: text.replace(TRAILING_COMMENT, '').trim(), expected: [] });
  });
  return out;
}

/** True when `expected` appears in `actual` as consecutive lines (trailing spaces ignored). */
export function containsLines(actual: string, expected: readonly string[]): boolean {
  if (expected.length === 0) return true;
  const lines = actual.split('\n').map((l) => l.trimEnd());
  const want = expected.map((l) => l.trimEnd());
  for (let i = 0; i + want.length <= lines.length; i++) {
    if (want.every((w, j) => lines[i + j] === w)) return true;
  }
  return false;
}
