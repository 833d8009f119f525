import { Codes } from '../../common/diagnostics/codes.js';
import { BareFault } from '../core/fault.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_LIST = 0x5b;
const CLOSE_LIST = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * UF4006 when JSON text nests lists/objects more than `maxDepth` levels (the
 * outermost one is level 1). Checked on the text, before JSON.parse: a value
 * deeper than maxContextDepth would be handed to the expression, and from it
 * to the host, whose own recursive walks (JSON.stringify) overflow on it; and
 * a text too deep is refused without building it. One linear scan, skipped
 * when the text is too short to nest that deep; text that is not JSON is left
 * to JSON.parse (only valid JSON must not be miscounted).
 */
export function checkJsonDepth(text: string, maxDepth: number): void {
  if (text.length <= maxDepth) return;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_LIST || c === OPEN_OBJECT) {
      if (++depth > maxDepth) throw new BareFault(Codes.ContextTooDeep, `the JSON text is nested deeper than ${maxDepth} levels`);
    } else if (c === CLOSE_LIST || c === CLOSE_OBJECT) depth--;
  }
}
