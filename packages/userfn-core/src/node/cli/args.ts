import { parseArgs, type ParseArgsConfig } from 'node:util';
import { isProfileName, type ProfileName } from '../../common/profiles/profiles.js';
import { UsageError } from './io.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** Parsed flags (string or boolean options, plus `help`) and positional arguments. */
export interface CommandArgs {
  readonly values: Readonly<Record<string, string | boolean | undefined>>;
  readonly positionals: readonly string[];
}

/**
 * Parses a command's arguments strictly. A bad flag is a usage error of one
 * line in our words (Node's parser text names `--` tricks a user does not
 * need), followed by the command's usage lines from its help.
 */
export function parseCommandArgs(command: string, argv: string[], options: Options, help: string): CommandArgs {
  try {
    return parseArgs({ args: argv, options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError(`userfn ${command}: ${argProblem(e)}\n${usageLines(help)}\nRun 'userfn ${command} --help' for its options.`);
  }
}

/** The `Usage:` lines at the top of a command's help. */
export function usageLines(help: string): string {
  return help.slice(0, help.indexOf('\n\n') >>> 0).trimEnd();
}

/** What was wrong with the flags, from node:util's parseArgs error. */
function argProblem(e: unknown): string {
  const { code, message } = e as NodeJS.ErrnoException;
  const name = /'(-[^' ]*)/.exec(message)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option '${name}'`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    return message.includes('argument missing') ? `option '${name}' needs a value` : `option '${name}' takes no value`;
  }
  return message.split('. ')[0]!;
}

/** Validates a --profile value. */
export function profileArg(value: unknown, fallback: ProfileName): ProfileName {
  if (value === undefined) return fallback;
  if (!isProfileName(value)) throw new UsageError(`unknown profile '${String(value)}': use verification, transition, reranker or any`);
  return value;
}
