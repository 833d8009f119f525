/**
 * The engine's own (interned) copy of a member name. A name parsed out of a
 * path's text is a new string, and a property read by a name that is not the
 * interned one misses the engine's fast path (property names are compared by
 * identity) on every read: in a singular getter, about 1 ns more per
 * segment, as much as the rest of the step. Property keys are always the
 * interned strings, so the name is made a key and read back, once per
 * parsed name.
 */
export function internedName(name: string): string {
  // A prototype-less object is a dictionary: adding the key touches no hidden
  // class that context objects share (an object literal would add a
  // transition, and its value's type could make the engine change theirs).
  const holder = Object.create(null) as Record<string, unknown>;
  holder[name] = true;
  return Object.keys(holder)[0] ?? name;
}
