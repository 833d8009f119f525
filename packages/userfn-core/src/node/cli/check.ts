import { check, type CheckResult } from '../../api/api.js';
import { LineIndex } from '../../common/diagnostics/line-index.js';
import { UserFnError } from '../../common/diagnostics/user-fn-error.js';
import type { JsonSchema } from '../../common/profiles/schema.js';
import { parseCommandArgs, profileArg } from './args.js';
import { readInput, readJson, UsageError, type Io } from './io.js';
import { renderDiagnostic } from './render.js';

export const CHECK_HELP = `Usage: userfn check <expression> [options]
       userfn check --file <file> [options]

Parses and type-checks an expression and prints every diagnostic with the
source line and a caret under the span.

Options:
  --file <file|->      read the expression from a file (or - for standard input)
  --profile <p>        verification (default), transition, reranker or any
  --schema <file>      a context JSON Schema to check paths and types against
  --json               print {"type": ..., "diagnostics": [...]} instead
  -h, --help           this help

Exit codes: 0 no errors (warnings allowed), 1 errors, 2 bad usage or unreadable input.
`;

/** `userfn check`: returns the exit code. */
export function runCheck(argv: string[], io: Io): number {
  const { values, positionals } = parseCommandArgs(
    'check',
    argv,
    {
      file: { type: 'string' },
      profile: { type: 'string' },
      schema: { type: 'string' },
      json: { type: 'boolean' },
    },
    CHECK_HELP,
  );
  if (values.help) {
    io.out(CHECK_HELP);
    return 0;
  }
  const file = values.file as string | undefined;
  if ((file === undefined) === (positionals.length !== 1) || positionals.length > 1) {
    throw new UsageError('userfn check takes one expression or --file <file>; see userfn check --help');
  }
  const source = file !== undefined ? readInput(file).replace(/\r?\n$/, '') : positionals[0]!;
  const profile = profileArg(values.profile, 'verification');
  const schema = values.schema !== undefined ? (readJson(values.schema as string, 'schema') as JsonSchema) : undefined;
  let result: CheckResult;
  try {
    result = check(source, { profile, ...(schema !== undefined ? { contextSchema: schema } : {}) });
  } catch (e) {
    if (e instanceof UserFnError) throw new UsageError(e.message);
    throw e;
  }
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
  if (values.json) {
    const lines = new LineIndex(source);
    io.out(`${JSON.stringify({ type: result.type, diagnostics: result.diagnostics.map((d) => ({ ...d, span: lines.locate(d.span) })) })}\n`);
  } else {
    const lines = new LineIndex(source);
    for (const d of result.diagnostics) io.out(`${renderDiagnostic(source, d, lines, file)}\n\n`);
    const warnings = result.diagnostics.length - errors;
    io.out(
      errors === 0
        ? `ok: ${result.type}${warnings ? ` (${warnings} warning${warnings === 1 ? '' : 's'})` : ''}\n`
        : `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}\n`,
    );
  }
  return errors === 0 ? 0 : 1;
}
