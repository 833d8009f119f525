import { runCheck } from './check.js';
import { runEval } from './eval.js';
import { runFmt } from './fmt.js';
import { runServe } from './serve.js';
import { runTest } from './test.js';
import { runVerify } from './verify.js';
import { usageLines } from './args.js';
import { processIo, UsageError, type Io } from './io.js';
import { coreVersion } from './version.js';

const HELP = `Usage: userfn <command> [options]

Commands:
  eval <expression>        evaluate an expression against a JSON context
  check <expression>       parse and type-check, printing every diagnostic
  verify <sessions.jsonl>  verify agent sessions (JSON lines) against a rule set: --rules <file>
  serve --rules <file>     serve a rule set over HTTP (NeMo Gym POST /verify, /evaluate, ...)
  test --rules <file>      run a rule set's cases (or: test <dir>, every rule set with cases under it)
  fmt <files...>           format .userfn files and the conditions of rule sets in place (--check for CI)

Options:
  -h, --help               this help
  -v, --version            print the version of userfn

Every verification result names the rule set that produced it: "rule_set":
{"name", "hash"}, a hash of the rule set's content (the same across
whitespace, key order, JSON or YAML). userfn verify prints it on every line
and in its summary; userfn serve on every result and at GET /rules.

Run 'userfn <command> --help' for a command's options.
Exit codes: 0 success, 1 a UserFn error (or failed records), 2 bad usage or unreadable input.
`;

type Command = (argv: string[], io: Io) => number | Promise<number>;

const COMMANDS: Record<string, Command> = { eval: runEval, check: runCheck, verify: runVerify, serve: runServe, test: runTest, fmt: runFmt };

/** Runs the CLI with arguments (without node and script) and returns the exit code. */
export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(HELP);
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v' || name === 'version') {
    io.out(`${coreVersion()}\n`);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`userfn: unknown ${name.startsWith('-') ? 'option' : 'command'} '${name}'\n${usageLines(HELP)}\nRun 'userfn --help' for the commands.\n`);
    return 2;
  }
  try {
    return await command(rest, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`${e.message}\n`);
      return 2;
    }
    io.err(`userfn: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return 2;
  }
}
