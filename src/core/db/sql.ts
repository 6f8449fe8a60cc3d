// Small SQL text builders shared by the areas' queries.

/** `?,?,?` for an `IN (...)` list of `n` bound values (empty for none). */
export const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(',');

/** A `LIKE ... ESCAPE '\'` pattern matching `text` anywhere, its own `%`, `_` and `\` taken literally. */
export const likeContains = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
