import type { VerifyService } from './server.js';

/** How long `userfn serve` keeps answering after SIGTERM/SIGINT before closing its listener, by default. */
export const DEFAULT_DRAIN_MS = 5000;

/**
 * Calls `first` on the first SIGTERM or SIGINT and `second` on the next one
 * (an operator who signals twice wants out now). Returns a function that
 * removes the handlers.
 */
export function onStopSignals(first: (signal: NodeJS.Signals) => void, second: (signal: NodeJS.Signals) => void): () => void {
  let seen = false;
  const handler = (signal: NodeJS.Signals) => {
    if (seen) return second(signal);
    seen = true;
    first(signal);
  };
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
  return () => {
    process.off('SIGTERM', handler);
    process.off('SIGINT', handler);
  };
}

/**
 * Drains a service without losing a request: reports not-ready and keeps
 * accepting and answering for `drainMs` (each answer closing its connection,
 * so that clients and load balancers move on), then closes the listener and
 * resolves once every request in flight has been answered.
 */
export async function drainService(service: VerifyService, reason: string, drainMs: number, log: (line: string) => void): Promise<void> {
  service.beginDrain(reason);
  log(`${reason}: not ready; answering for ${drainMs} ms more, then closing`);
  await new Promise((resolve) => setTimeout(resolve, drainMs));
  log('listener closed; finishing requests in flight');
  await service.close();
}
