// Answers asked with `statistics=true` (`--statistics`, or an order by size): the columns that
// show the statistics, for projects and groups alike. The platform leaves the field out where the
// caller may not read it (a group's for everyone but administrators, a project's for everyone
// but administrators and its members from Reporter up) and says nothing: a sentence on stderr
// says so instead of a table of empty columns.
import type { Column } from '../render/output.js';
import type { Cli } from './verb.js';

/** Who sees the statistics of each kind of record, for the sentence. */
const WHO = {
  project: "only administrators and the project's members from Reporter up see its statistics",
  group: 'only administrators see group statistics',
} as const;

/** The column of one size field of the statistics (`repository_size` → REPOSITORY SIZE). */
export const sizeColumn = (field: string): Column => ({ key: `statistics.${field}`, header: field.replace(/_/g, ' '), bytes: true });

export const STORAGE_SIZE_COLUMN = sizeColumn('storage_size');
export const REPOSITORY_SIZE_COLUMN = sizeColumn('repository_size');
export const COMMITS_COLUMN: Column = { key: 'statistics.commit_count', header: 'commits' };

export const carriesStatistics = (row: Record<string, unknown>): boolean => row.statistics !== null && typeof row.statistics === 'object';

/**
 * What to show of records asked with statistics: `columns` followed by the statistics columns
 * when the answer carries statistics; when none of its records does, the plain columns and a
 * sentence saying why, and when only some do, the columns and a sentence counting them (the
 * others' cells are empty). `--fields statistics.…` is known either way, so a record without
 * them is an empty field, not an unknown one.
 */
export function statisticsView(
  cli: Cli,
  kind: keyof typeof WHO,
  rows: readonly Record<string, unknown>[],
  columns: Column[],
  statistics: Column[],
  fields: readonly string[] = [],
): { columns: Column[]; fields: readonly string[] } {
  const tally = statisticsTally(cli, kind, columns, statistics, fields);
  tally.see(rows);
  return tally.view();
}

/**
 * `statisticsView` over rows seen a page at a time (`Cli.showPages` writes a long list page by
 * page): `see` counts each page's records, `view` decides once every page has been seen.
 */
export function statisticsTally(cli: Cli, kind: keyof typeof WHO, columns: Column[], statistics: Column[], fields: readonly string[] = []) {
  let total = 0;
  let carrying = 0;
  return {
    see(rows: readonly Record<string, unknown>[]): void {
      total += rows.length;
      for (const row of rows) if (carriesStatistics(row)) carrying++;
    },
    view(): { columns: Column[]; fields: readonly string[] } {
      const known = [...fields, 'statistics'];
      if (total === 0) return { columns: [...columns, ...statistics], fields: known };
      if (carrying === 0) {
        cli.info(`no statistics in the answer: ${WHO[kind]}`);
        return { columns, fields: known };
      }
      if (carrying < total) cli.info(`statistics for ${carrying} of ${total} ${kind}s: ${WHO[kind]}`);
      return { columns: [...columns, ...statistics], fields: known };
    },
  };
}

/** Whether the caller (or the user --sudo names) is an administrator: only they see is_admin true on GET /user. */
export async function callerIsAdmin(cli: Cli): Promise<boolean> {
  const user = await (await cli.client()).get<{ is_admin?: boolean }>('/user');
  return user.data.is_admin === true;
}
