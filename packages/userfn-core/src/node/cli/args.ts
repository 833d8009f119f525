import { parseArgs, type ParseArgsConfig } from 'node:util';
import { isProfileName, type ProfileName } from '../../common/profiles/profiles.js';
import { UsageError } from './io.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** Parsed flags (string or boolean options, plus `help`) and positional arguments. */
export interface CommandArgs {
  readonly values: Readonly<Record<string, string | boolean | undefined>>;
  readonly positionals: readonly string[];
}

/** Parses a command's arguments strictly; unknown flags are usage errors with the command's name. */
export function parseCommandArgs(command: string, argv: string[], options: Options): CommandArgs {
  try {
    return parseArgs({ args: argv, options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError(`userfn ${command}: ${(e as Error).message}`);
  }
}

/** Validates a --profile value. */
export function profileArg(value: unknown, fallback: ProfileName): ProfileName {
  if (value === undefined) return fallback;
  if (!isProfileName(value)) throw new UsageError(`unknown profile '${String(value)}': use verification, transition, reranker or any`);
  return value;
}
