/** At most `limit` tasks at once; the others wait in order. `active` is how many run now (the progress bar shows it). */
export class Limiter {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`the judge concurrency must be a whole number >= 1, got ${limit}`);
  }

  get active(): number {
    return this.running;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter (running stays counted), else frees.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
