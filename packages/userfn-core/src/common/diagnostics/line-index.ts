import type { LocatedSpan, Span } from './span.js';

/** Maps UTF-16 offsets to 1-based line/column; built once per source. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) this.starts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        this.starts.push(i + 1);
      }
    }
  }

  /** 0-based line and character (LSP style). */
  position(offset: number): { line: number; character: number } {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: o - this.starts[lo]! };
  }

  /** Offset of a 0-based line/character, clamped to the text. */
  offset(line: number, character: number): number {
    if (line < 0) return 0;
    if (line >= this.starts.length) return this.text.length;
    const start = this.starts[line]!;
    const end = line + 1 < this.starts.length ? this.starts[line + 1]! : this.text.length;
    return Math.max(start, Math.min(start + character, end));
  }

  locate(s: Span): LocatedSpan {
    const p = this.position(s.start);
    return { start: s.start, end: s.end, line: p.line + 1, column: p.character + 1 };
  }

  /** The text of the 1-based line, without its line break. */
  lineText(line: number): string {
    const start = this.starts[line - 1] ?? this.text.length;
    const next = this.starts[line];
    let end = next === undefined ? this.text.length : next;
    while (end > start && (this.text.charCodeAt(end - 1) === 10 || this.text.charCodeAt(end - 1) === 13)) end--;
    return this.text.slice(start, end);
  }

  get lineCount(): number {
    return this.starts.length;
  }
}
