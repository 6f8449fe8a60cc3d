import { defineVerb, type Cli } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { addProjectOption, parseIsoTime } from '../../kit/project-option.js';
import { parseDuration } from '../../kit/duration.js';
import { resolveUserId } from '../../kit/refs.js';
import { nowFromEnv } from '../../../shared/dates.js';
import { ApiError } from '../../../client/api-error.js';
import { followedLine } from './follow-line.js';
import { EVENT_COLUMNS, EVENT_FIELDS, eventsPath, type AuditEvent } from './shared.js';

interface ListOpts {
  project?: string;
  group?: string;
  since?: string;
  until?: string;
  author?: string;
  entityType?: string;
  event?: string;
  follow?: boolean;
  interval?: string;
}

const ENTITY_TYPES = ['User', 'Group', 'Project', 'Gitlab::Audit::InstanceScope'];

/** `2h` (that long ago) or a date or time. */
function sinceTime(value: string, now: Date): string {
  if (/^\d+(\.\d+)?(ms|s|m|h|d|w)?$/.test(value.trim()) && !/^\d{4}/.test(value.trim())) {
    return new Date(now.getTime() - parseDuration(value, '--since')).toISOString();
  }
  try {
    return new Date(parseIsoTime(value, '--since').replace(' ', 'T')).toISOString();
  } catch (error) {
    // The shared check names dates only; --since also takes a duration, and says so.
    if (error instanceof UsageError) throw new UsageError(`--since must be a duration ago (30m, 2h, 7d) or an ISO 8601 date or time such as 2026-03-01T12:00:00Z, got "${value}"`);
    throw error;
  }
}

export const listVerb = defineVerb<ListOpts>({
  name: 'list',
  summary: 'List audit events, newest first (instance: administrators; --group: Owners; --project: Maintainers); --follow prints new ones as they happen',
  aliases: ['ls'],
  list: true,
  examples: [
    'hostctl audit-events list --since 2h',
    'hostctl audit-events list --group acme --event member_created',
    'hostctl audit-events list --project acme/web --author alice --until 2026-03-01',
    'hostctl audit-events list --follow -o jsonl',
    'hostctl audit-events list --follow --since 1h             # the last hour first, then new ones',
  ],
  options: (cmd) =>
    addProjectOption(cmd)
      .option('-g, --group <group>', 'the group (id or full path): its events and its projects\'')
      .option('--since <when>', 'only events at or after this time: a duration ago (30m, 2h, 7d) or a date or time')
      .option('--until <time>', 'only events at or before this date or time')
      .option('--author <user>', 'only events by this user (username or id)')
      .option('--entity-type <type>', `only events about this kind of entity (${ENTITY_TYPES.join(', ')}; instance list)`)
      .option('--event <name>', 'only events with this name (e.g. personal_access_token_created)')
      .option('-f, --follow', 'keep printing new events as they are recorded (Ctrl-C stops); with --since, those since then first')
      .option('--interval <duration>', 'with --follow against an instance without the stream extension: how often to poll', '5s'),
  async run(cli, _args, o) {
    if (o.project !== undefined && o.group !== undefined) throw new UsageError('--project and --group exclude each other');
    if (o.entityType !== undefined && (o.project !== undefined || o.group !== undefined)) throw new UsageError('--entity-type applies to the instance list only, not with --project or --group');
    if (o.entityType !== undefined && !ENTITY_TYPES.includes(o.entityType)) throw new UsageError(`--entity-type must be one of ${ENTITY_TYPES.join(', ')}, got "${o.entityType}"`);
    if (o.follow && o.until !== undefined) throw new UsageError('--until and --follow exclude each other (a followed list has no end)');
    const intervalMs = parseDuration(o.interval ?? '5s', '--interval');
    const query: Record<string, unknown> = {};
    if (o.since !== undefined) query.created_after = sinceTime(o.since, nowFromEnv(cli.env) ?? new Date());
    if (o.until !== undefined) query.created_before = new Date(parseIsoTime(o.until, '--until').replace(' ', 'T')).toISOString();
    if (o.entityType !== undefined) query.entity_type = o.entityType;
    if (o.event !== undefined) query.event_name = o.event;
    const path = eventsPath(o);
    if (o.author !== undefined) query.author_id = Number(await resolveUserId(await cli.client(), o.author, '--author'));
    // author_id and event_name are hostctl's filters; a platform ignores them, so they are applied here too.
    const keep = (e: AuditEvent) => (query.author_id === undefined || e.author_id === query.author_id) && (o.event === undefined || e.event_name === o.event);
    if (!o.follow) {
      await cli.showPages(path, query, EVENT_COLUMNS, EVENT_FIELDS, { keep: (row) => keep(row as unknown as AuditEvent) });
      return;
    }
    await follow(cli, path, o, query, keep, intervalMs);
  },
});

/** Prints events as they come: one line each (a JSON object per line with -o jsonl). */
async function follow(cli: Cli, path: string, o: ListOpts, query: Record<string, unknown>, keep: (e: AuditEvent) => boolean, intervalMs: number): Promise<void> {
  const api = await cli.client();
  const json = cli.globals.output === 'jsonl' || cli.globals.output === 'json';
  const line = (e: AuditEvent) => cli.print(`${json ? JSON.stringify(e) : followedLine(e, cli.term.stdoutIsTTY ? cli.term.columns : undefined)}\n`);
  // Start after the newest event in scope: what happened before is `list`'s, unless --since asks
  // for it (as `tail -f` and `kubectl logs -f --since` show the recent past first). The newest is
  // read before that backlog, so an event recorded between the two reads is in the backlog and
  // not printed twice, and one recorded after both is the stream's.
  const first = await api.get<AuditEvent[]>(path, { ...query, per_page: 1, created_after: undefined });
  let after = first.data[0]?.id ?? 0;
  if (query.created_after !== undefined) {
    const backlog: AuditEvent[] = [];
    for await (const e of api.paginate<AuditEvent>(path, { ...query, per_page: 100 })) backlog.push(e);
    // Newest first as listed; a log reads oldest first.
    for (const e of backlog.reverse()) {
      if (keep(e)) line(e);
      after = Math.max(after, e.id);
    }
  }
  const scope: Record<string, unknown> = {};
  if (o.group !== undefined) scope.group_id = o.group;
  if (o.project !== undefined) scope.project_id = o.project;
  for (const k of ['entity_type', 'author_id', 'event_name']) if (query[k] !== undefined) scope[k] = query[k];
  let streaming = true;
  for (;;) {
    if (streaming) {
      try {
        const res = await api.get<AuditEvent[]>('/hostctl/audit_events/stream', { ...scope, after, timeout: 25 });
        for (const e of res.data) if (keep(e)) line(e);
        after = Number(res.headers['x-next-after'] ?? after) || after;
        continue;
      } catch (error) {
        // A platform without the extension: poll the list instead.
        if (!(error instanceof ApiError) || error.status !== 404) throw error;
        streaming = false;
      }
    }
    const res = await api.get<AuditEvent[]>(path, { ...query, created_after: undefined, per_page: 100 });
    const fresh = res.data.filter((e) => e.id > after).reverse();
    for (const e of fresh) if (keep(e)) line(e);
    if (fresh.length > 0) after = (fresh[fresh.length - 1] as AuditEvent).id;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
