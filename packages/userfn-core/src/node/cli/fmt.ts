import { writeFileSync } from 'node:fs';
import { LineIndex } from '../../common/diagnostics/line-index.js';
import { formatSourceFile } from '../../language/format/file.js';
import { formatRuleSetText, type FormatProblem } from '../../rules/format-rule-set.js';
import { parseCommandArgs } from './args.js';
import { readInput, UsageError, type Io } from './io.js';

export const FMT_HELP = `Usage: userfn fmt <file>... [--check]

Formats .userfn files, and the conditions inside JSON and YAML rule sets, in
place, with the language service's formatter (one line per condition, one
space around operators, lowercase keywords, the parentheses the tree needs,
comments kept). In a rule set only each condition's string is rewritten, in
the style it was written in (a JSON string, a YAML plain, quoted or block
scalar); every other byte of the file stays as it was. A condition whose
formatted text would need a line break its string cannot hold is left as
written, with a note.

Options:
  --check      write nothing; list the files that would change, exit 1 if any
  -h, --help   this help

Exit codes: 0 done (with --check: every file already formatted), 1 with
--check: some file would change, 2 bad usage, an unreadable file, or a file
(or a condition) with a syntax error (listed with file:line:column; the
other files are still formatted).
`;

const RULE_SET = /\.(json|ya?ml)$/i;

/** The formatted text of one file, or its problems. */
function formatFile(path: string, text: string): { text: string; problems: readonly FormatProblem[] } {
  if (RULE_SET.test(path)) return formatRuleSetText(text, { fileName: path });
  const out = formatSourceFile(text);
  if ('text' in out) return { text: out.text, problems: [] };
  const p = new LineIndex(text).position(out.error.offset);
  return { text, problems: [{ message: `not formatted: ${out.error.message}`, file: { line: p.line + 1, column: p.character + 1 }, severity: 'error' }] };
}

/** `userfn fmt`: returns the exit code. */
export function runFmt(argv: string[], io: Io): number {
  const { values, positionals } = parseCommandArgs('fmt', argv, { check: { type: 'boolean' } }, FMT_HELP);
  if (values.help) {
    io.out(FMT_HELP);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError('userfn fmt needs at least one file; see userfn fmt --help');
  const check = values.check === true;
  let errors = 0;
  let changed = 0;
  for (const path of positionals) {
    let text: string;
    try {
      text = readInput(path);
    } catch (e) {
      if (!(e instanceof UsageError)) throw e;
      io.err(`${e.message}\n`);
      errors++;
      continue;
    }
    const out = formatFile(path, text);
    for (const p of out.problems) {
      io.err(`${path}${p.file ? `:${p.file.line}:${p.file.column}` : ''}: ${p.severity === 'note' ? 'note: ' : ''}${p.message}\n`);
      if (p.severity === 'error') errors++;
    }
    if (out.text === text) continue;
    changed++;
    if (check) io.out(`${path}\n`);
    else {
      try {
        writeFileSync(path, out.text);
      } catch (e) {
        io.err(`cannot write ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}\n`);
        errors++;
        continue;
      }
      io.out(`formatted ${path}\n`);
    }
  }
  if (errors > 0) return 2;
  return check && changed > 0 ? 1 : 0;
}
