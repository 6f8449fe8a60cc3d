// One sort syntax for every list: --sort FIELD[:asc|desc]. The platform has two ways to ask
// (order_by=FIELD&sort=DIR, or sort=FIELD_DIR); the verb names which its endpoint takes and the
// kit translates. The older spellings keep working: --order-by FIELD (hidden) and --sort asc|desc
// on their own, and --sort FIELD_DIR.
import { Option, type Command } from 'commander';
import { UsageError } from './errors.js';

export interface SortSpec {
  /** The fields the endpoint really sorts by. */
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

function accepted(spec: SortSpec): string[] {
  return spec.fields.flatMap((f) => [f, ...DIRS.map((d) => `${f}:${d}`)]).filter((v) => !spec.only || !v.includes(':') || spec.only.includes(v.replace(':', '_')));
}

export function addSortOption(cmd: Command, spec: SortSpec): Command {
  const sort = new Option('--sort <field[:dir]>', `sort by one of ${spec.fields.join(', ')}, optionally :asc or :desc${spec.defaultText ? ` (default ${spec.defaultText})` : ''}`);
  completionWords.set(sort, accepted(spec));
  cmd.addOption(sort);
  if (spec.style === 'order_by') cmd.addOption(new Option('--order-by <field>', 'the field to sort by (older spelling of --sort FIELD)').hideHelp());
  return cmd;
}

/** The query parameters for the sort options given; checks them before anything is sent. */
export function sortQuery(o: SortOpts, spec: SortSpec): Record<string, string | undefined> {
  let field: string | undefined;
  let dir: string | undefined;
  if (o.sort !== undefined) {
    const m = /^([a-z_]+?)(?:[:_](asc|desc))?$/.exec(o.sort);
    if ((DIRS as readonly string[]).includes(o.sort)) dir = o.sort;
    else if (m && spec.fields.includes(m[1] as string)) [field, dir] = [m[1], m[2]];
    else if (spec.fields.includes(o.sort)) field = o.sort;
    else throw new UsageError(`--sort must be FIELD or FIELD:asc|desc with FIELD one of ${spec.fields.join(', ')}, got "${o.sort}"`);
  }
  if (o.orderBy !== undefined) {
    if (!spec.fields.includes(o.orderBy)) throw new UsageError(`--order-by must be one of ${spec.fields.join(', ')}, got "${o.orderBy}"`);
    if (field !== undefined && field !== o.orderBy) throw new UsageError('--order-by and --sort FIELD disagree; give --sort FIELD[:asc|desc] only');
    field = o.orderBy;
  }
  if (spec.style === 'order_by') return { order_by: field, sort: dir };
  if (field === undefined && dir !== undefined) throw new UsageError(`--sort needs a field here: one of ${spec.fields.join(', ')}, e.g. --sort ${spec.fields[0]}:${dir}`);
  if (field === undefined) return {};
  const value = `${field}_${dir ?? 'asc'}`;
  if (spec.only && !spec.only.includes(value)) throw new UsageError(`--sort ${field}:${dir ?? 'asc'} is not offered; use one of ${spec.only.map((v) => v.replace(/_(asc|desc)$/, ':$1')).join(', ')}`);
  return { sort: value };
}
