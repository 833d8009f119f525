/**
 * The weight of request bodies held at once, across all requests of one
 * process. Each body reserves its weight as it arrives (its bytes, or more
 * for JSON that parses large: json-weight.ts) and gives it back once its
 * answer is written (or at once, if it is refused); a chunk that would pass
 * the cap is refused (503), so many large uploads at once cannot exhaust
 * memory. What a reserved byte costs: itself while buffered, then its share
 * of the parsed JSON and of the answer: README, "Bodies as large as real
 * rollouts".
 */
export class BodyBudget {
  private used = 0;

  constructor(readonly cap: number) {}

  /** Bytes reserved right now. */
  get inUse(): number {
    return this.used;
  }

  /** Reserves `bytes` if they fit under the cap; false (nothing reserved) if not. */
  reserve(bytes: number): boolean {
    if (this.used + bytes > this.cap) return false;
    this.used += bytes;
    return true;
  }

  release(bytes: number): void {
    this.used -= bytes;
  }
}
