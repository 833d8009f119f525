import { parseArgs, type ParseArgsConfig } from 'node:util';
import { isProfileName, type ProfileName } from '../profiles/profiles.js';
import { UsageError } from './io.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** Parses a command's arguments strictly; unknown flags are usage errors with the command's name. */
export function parseCommandArgs<O extends Options>(command: string, argv: string[], options: O) {
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
