/**
 * A stdin filter in front of vscode-jsonrpc's reader. A header block without
 * a valid Content-Length makes that reader report an error and then wait for
 * more bytes before reading the messages already buffered behind it, so one
 * malformed header could stall the server until the client sends again. This
 * filter drops such blocks (reporting them), and passes every well-framed
 * message through untouched.
 */
import { Transform, type TransformCallback } from 'node:stream';

const SEPARATOR = Buffer.from('\r\n\r\n');
/** Longer than any real header block: beyond it, buffered bytes without a separator are garbage. */
const MAX_HEADER = 64 * 1024;

/** A Transform that keeps only well-framed LSP messages. */
export function framingGuard(report: (problem: string) => void): Transform {
  let buffer: Buffer = Buffer.alloc(0);
  let bodyLeft = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      for (;;) {
        if (bodyLeft > 0) {
          const n = Math.min(bodyLeft, buffer.length);
          if (n === 0) break;
          this.push(buffer.subarray(0, n));
          buffer = buffer.subarray(n);
          bodyLeft -= n;
          continue;
        }
        const end = buffer.indexOf(SEPARATOR);
        if (end < 0) {
          if (buffer.length > MAX_HEADER) {
            report(`dropped ${buffer.length - 3} bytes that are not an LSP header`);
            buffer = buffer.subarray(buffer.length - 3);
          }
          break;
        }
        const header = buffer.subarray(0, end).toString('ascii');
        const length = /^content-length:[ \t]*(\d+)[ \t]*$/im.exec(header);
        if (length) {
          this.push(buffer.subarray(0, end + SEPARATOR.length));
          bodyLeft = Number(length[1]);
        } else {
          report(`dropped a header block without a valid Content-Length: ${JSON.stringify(header.slice(0, 200))}`);
        }
        buffer = buffer.subarray(end + SEPARATOR.length);
      }
      done();
    },
  });
}
