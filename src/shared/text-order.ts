/**
 * Orders two texts by their UTF-16 code units, as a bare `sort()` does: the same order on every
 * machine. `localeCompare` orders by the collation of the machine's locale (an export or a plan
 * listed in one order under one LANG and in another under the next) and loads ICU's collation
 * data on its first call, about 6 ms of the command that makes it.
 */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
