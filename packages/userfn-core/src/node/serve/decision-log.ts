import { closeSync, createWriteStream, openSync, type WriteStream } from 'node:fs';
import type { DecisionEntry } from './handlers.js';

/**
 * The decision log: one JSON line per verification, appended to a file
 * through a write stream (the request never waits for the disk). With
 * `--workers` each worker process appends to the same path: the file is
 * opened with O_APPEND and every write holds whole lines, which a local file
 * system appends without interleaving them. `reopen`
 * starts a new stream on the same path, for log rotation: the rotator renames
 * the file and sends SIGHUP, and the next lines go to a new file under the
 * old name while the old stream flushes what it still holds.
 */
export class DecisionLog {
  private stream: WriteStream;
  private failed = false;

  constructor(
    readonly path: string,
    private readonly report: (line: string) => void,
  ) {
    DecisionLog.check(path);
    this.stream = this.open();
  }

  /** Throws (the system error) when the path cannot be appended to: refused at once, as the stream would only say so later. */
  static check(path: string): void {
    closeSync(openSync(path, 'a'));
  }

  private open(): WriteStream {
    const stream = createWriteStream(this.path, { flags: 'a' });
    stream.on('error', (e: NodeJS.ErrnoException) => {
      // Said once; verification goes on without the log. An error of a stream already replaced is the old file's.
      if (stream !== this.stream || this.failed) return;
      this.report(`decision log ${this.path}: ${e.code ?? e.message}; lines are dropped until it is reopened (SIGHUP)`);
      this.failed = true;
    });
    return stream;
  }

  /** Appends one entry (dropped while the file cannot be written). */
  readonly write = (entry: DecisionEntry): void => {
    if (!this.failed) this.stream.write(`${JSON.stringify(entry)}\n`);
  };

  /** Closes the current file and opens the path anew. */
  reopen(): void {
    const old = this.stream;
    this.failed = false;
    this.stream = this.open();
    old.end();
  }

  /** Flushes and closes the file. */
  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.stream.destroyed) resolve();
      else this.stream.end(() => resolve());
    });
  }
}
