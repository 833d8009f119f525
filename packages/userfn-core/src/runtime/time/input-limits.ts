// Date-time texts are short (the longest useful ISO form is about 35
// characters). Capping both the text and the pattern means a hostile 1 MB
// string is rejected before any scanning, so every parse is O(cap).

/** Longest text `parseIsoDatetime` and `parseDatetimePattern` accept, in UTF-16 code units. */
export const MAX_TEXT_LENGTH = 256;

/** Longest pattern `parseDatetimePattern` and `validatePattern` accept, in UTF-16 code units. */
export const MAX_PATTERN_LENGTH = 256;
