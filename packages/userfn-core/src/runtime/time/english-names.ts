// English month and day names, taken from date-fns' en-US locale data (the
// same names its formatter prints). UserFn never uses the host locale.
import type { Day, Month } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';

const monthIndexes: readonly Month[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

// date-fns numbers days from Sunday = 0; UserFn (ISO) from Monday = 1 … Sunday = 7.
const mondayFirst: readonly Day[] = [1, 2, 3, 4, 5, 6, 0];

/** `January` … `December`, index 0 = January. */
export const MONTH_NAMES_FULL: readonly string[] = monthIndexes.map((m) => enUS.localize.month(m, { width: 'wide' }));

/** `Jan` … `Dec`, index 0 = January. */
export const MONTH_NAMES_SHORT: readonly string[] = monthIndexes.map((m) => enUS.localize.month(m, { width: 'abbreviated' }));

/** `Monday` … `Sunday`, index 0 = Monday (ISO weekday − 1). */
export const DAY_NAMES_FULL: readonly string[] = mondayFirst.map((d) => enUS.localize.day(d, { width: 'wide' }));

/** `Mon` … `Sun`, index 0 = Monday (ISO weekday − 1). */
export const DAY_NAMES_SHORT: readonly string[] = mondayFirst.map((d) => enUS.localize.day(d, { width: 'abbreviated' }));
