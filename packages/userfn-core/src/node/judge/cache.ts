import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A cached reply: its text and the tokens the original call used. */
export interface CachedReply {
  readonly content: string;
  readonly tokens?: { readonly prompt: number; readonly completion: number };
}

/** Where judge replies are kept between identical requests. Only usable replies are stored. */
export interface JudgeCache {
  get(key: string): Promise<CachedReply | undefined>;
  set(key: string, reply: CachedReply): Promise<void>;
}

const isReply = (v: unknown): v is CachedReply => v !== null && typeof v === 'object' && typeof (v as CachedReply).content === 'string';

/**
 * Replies on disk, one JSON file per request key under `dir/<2 hex>/`,
 * written to a temporary file and renamed (a crash leaves no half entry; two
 * runs writing the same key write the same reply). An unreadable or damaged
 * entry is a miss; a failed write is ignored (the run goes on, uncached).
 */
export class DiskCache implements JudgeCache {
  constructor(readonly dir: string) {}

  private file(key: string): { folder: string; file: string } {
    const hex = key.replace(/^sha256:/, '');
    if (!/^[0-9a-f]{64}$/.test(hex)) throw new RangeError(`not a request key: ${key}`);
    const folder = join(this.dir, hex.slice(0, 2));
    return { folder, file: join(folder, `${hex}.json`) };
  }

  async get(key: string): Promise<CachedReply | undefined> {
    try {
      const v = JSON.parse(await readFile(this.file(key).file, 'utf8')) as unknown;
      return isReply(v) ? v : undefined;
    } catch {
      return undefined;
    }
  }

  async set(key: string, reply: CachedReply): Promise<void> {
    const { folder, file } = this.file(key);
    try {
      await mkdir(folder, { recursive: true });
      const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(tmp, JSON.stringify(reply));
      await rename(tmp, file);
    } catch {
      // a cache that cannot be written only costs requests
    }
  }
}

/** Replies in memory, at most `maxEntries`, the least recently used dropped first (for `userfn serve`). */
export class MemoryCache implements JudgeCache {
  private readonly entries = new Map<string, CachedReply>();

  constructor(readonly maxEntries: number) {}

  get size(): number {
    return this.entries.size;
  }

  async get(key: string): Promise<CachedReply | undefined> {
    const v = this.entries.get(key);
    if (v !== undefined) {
      // Map keeps insertion order: re-inserting marks it most recently used.
      this.entries.delete(key);
      this.entries.set(key, v);
    }
    return v;
  }

  async set(key: string, reply: CachedReply): Promise<void> {
    if (this.maxEntries <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, reply);
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}
