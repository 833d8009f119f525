/**
 * Browser stand-in for `node:worker_threads`: the core's index also exports
 * its batch verifier, whose worker pool imports Worker from it. The page
 * never runs a batch; this keeps the bundle free of a Node module (and the
 * build free of the warning), and says so if anything ever tries.
 */

/** Worker threads do not exist in a browser. */
export class Worker {
  constructor() {
    throw new Error('worker threads are not available in the browser');
  }
}
