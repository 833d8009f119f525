/**
 * The end of Chevrotain's grammar recording, without its deletes.
 *
 * To record the grammar, Chevrotain's parser constructor puts recording
 * versions of the DSL methods (CONSUME, CONSUME1 .. CONSUME9, SUBRULE, OR,
 * MANY, ... and ACTION, BACKTRACK, LA) on the parser instance, runs every
 * rule once, then `delete`s each of those 89 properties again. The instance
 * is a prototype object by then (Chevrotain's toFastProperties), and V8 makes
 * every delete from one rebuild the object: the 89 deletes took 1.9 ms, about
 * a sixth of the first compile of a process. Storing the prototype's method
 * over each takes 0.25 ms and leaves every DSL call resolving to the same
 * function the deletes would have exposed.
 */

/** The instance properties Chevrotain 11's enableRecording installs (recording.test.ts holds the list to Chevrotain's). */
export const RECORDING_METHODS: readonly string[] = [
  ...['', '1', '2', '3', '4', '5', '6', '7', '8', '9'].flatMap((idx) =>
    ['CONSUME', 'SUBRULE', 'OPTION', 'OR', 'MANY', 'MANY_SEP', 'AT_LEAST_ONE', 'AT_LEAST_ONE_SEP'].map((name) => name + idx),
  ),
  'consume',
  'subrule',
  'option',
  'or',
  'many',
  'atLeastOne',
  'ACTION',
  'BACKTRACK',
  'LA',
];

/** What Chevrotain's disableRecording does, with stores instead of deletes. */
export function endRecording(parser: object): void {
  const instance = parser as Record<string, unknown>;
  const prototype = Object.getPrototypeOf(parser) as Record<string, unknown>;
  instance.RECORDING_PHASE = false;
  for (const name of RECORDING_METHODS) if (Object.hasOwn(instance, name)) instance[name] = prototype[name];
}
