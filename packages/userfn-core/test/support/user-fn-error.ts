import { UserFnError } from '../../src/common/diagnostics/user-fn-error.js';

/** The UserFnError `run` throws; fails the test when it returns, and rethrows any other error. */
export function userFnErrorOf(run: () => unknown): UserFnError {
  try {
    run();
  } catch (e) {
    if (e instanceof UserFnError) return e;
    throw e;
  }
  throw new Error('expected a UserFnError');
}
