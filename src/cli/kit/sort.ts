// One sort syntax for every list: --sort FIELD[:asc|desc], with one name per concept whatever
// the endpoint calls it: `created`, `updated`, `expires`, `released`, `last_activity` (the
// platform says `created_at` on some endpoints and `created` on others). The platform has two
// ways to ask (order_by=FIELD&sort=DIR, or sort=FIELD_DIR); the verb names which its endpoint
// takes and its fields as the endpoint spells them, and the kit translates. The older spellings
// keep working: --order-by FIELD (hidden), --sort asc|desc on its own, --sort FIELD_DIR, and a
// field's `_at` form (`created_at`).
import { Option, type Command } from 'commander';
import { CliOption } from './cli-command.js';
import { UsageError } from './errors.js';

export interface SortSpec {
  /** The fields the endpoint really sorts by, as the endpoint spells them (`created_at`). */
  fields: readonly string[];
  /** order_by + sort (most lists) or a single sort=FIELD_DIR value (tokens, branches). */
  style: 'order_by' | 'suffix';
  /** Directions a field takes in the suffix style, when not both (branches: name_asc only). */
  only?: readonly string[];
  /** What the platform does without --sort, for help. */
  defaultText?: string;
}

export interface SortOpts {
  sort?: string;
  orderBy?: string;
}

/** Words the completion scripts offer for an option (beyond commander's own choices). */
const completionWords = new WeakMap<Option, readonly string[]>();
export const wordsOf = (o: Option): readonly string[] | undefined => completionWords.get(o);

const DIRS = ['asc', 'desc'] as const;

/** The name people type for an endpoint's field: a time is named without `_at`. */
export const sortName = (field: string): string => field.replace(/_at$/, '');

/** The endpoint's spelling of a typed field (`created` or `created_at`), if it sorts by it. */
const endpointField = (spec: SortSpec, typed: string): string | undefined => spec.fields.find((f) => sortName(f) === sortName(typed));

const names = (spec: SortSpec) => spec.fields.map(sortName);

function accepted(spec: SortSpec): string[] {
  return spec.fields
    .flatMap((f) => [sortName(f), ...DIRS.map((d) => `${sortName(f)}:${d}`)])
    .filter((v) => !spec.only || !v.includes(':') || spec.only.some((o) => sortName(o.replace(/_(asc|desc)$/, '')) === v.split(':')[0] && o.endsWith(`_${v.split(':')[1]}`)));
}

/** `created_at:desc` → `created:desc` in help text. */
const shownDefault = (text: string) => text.replace(/^([a-z_]+)/, (f) => sortName(f));

export function addSortOption(cmd: Command, spec: SortSpec): Command {
  const sort = new CliOption('--sort <field[:dir]>', `sort by one of ${names(spec).join(', ')}, optionally :asc or :desc${spec.defaultText ? ` (default ${shownDefault(spec.defaultText)})` : ''}`);
  completionWords.set(sort, accepted(spec));
  cmd.addOption(sort);
  if (spec.style === 'order_by') cmd.addOption(new CliOption('--order-by <field>', 'the field to sort by (older spelling of --sort FIELD)').hideHelp());
  return cmd;
}

/** The query parameters for the sort options given; checks them before anything is sent. */
export function sortQuery(o: SortOpts, spec: SortSpec): Record<string, string | undefined> {
  let field: string | undefined;
  let dir: string | undefined;
  if (o.sort !== undefined) {
    const m = /^([a-z_]+?)(?:[:_](asc|desc))?$/.exec(o.sort);
    const whole = endpointField(spec, o.sort);
    if ((DIRS as readonly string[]).includes(o.sort)) dir = o.sort;
    else if (whole) field = whole;
    else if (m && endpointField(spec, m[1] as string)) [field, dir] = [endpointField(spec, m[1] as string), m[2]];
    else throw new UsageError(`--sort must be FIELD or FIELD:asc|desc with FIELD one of ${names(spec).join(', ')}, got "${o.sort}"`);
  }
  if (o.orderBy !== undefined) {
    const given = endpointField(spec, o.orderBy);
    if (!given) throw new UsageError(`--order-by must be one of ${names(spec).join(', ')}, got "${o.orderBy}"`);
    if (field !== undefined && field !== given) throw new UsageError('--order-by and --sort FIELD disagree; give --sort FIELD[:asc|desc] only');
    field = given;
  }
  if (spec.style === 'order_by') return { order_by: field, sort: dir };
  if (field === undefined && dir !== undefined) throw new UsageError(`--sort needs a field here: one of ${names(spec).join(', ')}, e.g. --sort ${names(spec)[0]}:${dir}`);
  if (field === undefined) return {};
  const value = `${field}_${dir ?? 'asc'}`;
  if (spec.only && !spec.only.includes(value)) throw new UsageError(`--sort ${sortName(field)}:${dir ?? 'asc'} is not offered; use one of ${spec.only.map((v) => sortName(v.replace(/_(asc|desc)$/, '')) + v.replace(/^.*_(asc|desc)$/, ':$1')).join(', ')}`);
  return { sort: value };
}

/** Orders that rank the matches of a search, best first: without one there is nothing to rank. */
const RANKING_ORDERS: readonly string[] = ['similarity'];

/**
 * Says, after the list, what the platform orders by in place of an order that ranks a search's
 * matches (`--sort similarity`) given without a search (a blank one is none, as the platform
 * reads it): it says nothing of the stand-in itself. `instead` is the route's stand-in; an empty
 * list has no order to explain.
 */
export function noteUnrankedOrder(cli: { note(message: string): void }, query: Record<string, string | undefined>, search: string | undefined, rows: readonly unknown[], instead: string): void {
  const order = query.order_by;
  if (order === undefined || !RANKING_ORDERS.includes(order) || search?.trim() || rows.length === 0) return;
  cli.note(`--sort ${sortName(order)} ranks --search matches: the list is ordered by ${instead} instead`);
}
