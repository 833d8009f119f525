/**
 * The bytes of request bodies held in memory at once, across all requests of
 * one process. Each body reserves its bytes as they arrive and gives them back
 * once parsed (or refused); a chunk that would pass the cap is refused (503),
 * so many large uploads at once cannot exhaust memory: what is buffered stays
 * under the cap, and the parsed JSON is at most about as large again.
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
