// The one place audit events are written. A service calls recordAudit inside the write
// transaction of the change it describes, so the change and its event commit or roll back
// together. Who acted and from where is not the service's to say: the core hands each request's
// handler a view of itself that carries its author (withAuditor, set in app.ts), and background
// work acts for the user who queued it (auditorOfMove, or an auditor carried in the job).
import type { CoreState } from '../state.js';
import type { Database } from '../db/connection.js';
import type { UserRow } from '../db/rows.js';

export type AuditEntityType = 'User' | 'Group' | 'Project' | 'Gitlab::Audit::InstanceScope';

/** What an event is about: the entity whose audit list shows it. */
export interface AuditEntity {
  type: AuditEntityType;
  id: number;
  /** Full path (projects, groups) or username; read from the database when left out. */
  path?: string;
}

/** A value an event may carry as `from`/`to`. Never a secret: callers pass names and states. */
export type AuditValue = string | number | boolean | null;

export interface AuditEvent {
  /** The platform's event name, e.g. `project_created`, `personal_access_token_revoked`. */
  name: string;
  entity: AuditEntity;
  /** What changed inside the entity (a token, a member, a branch rule); the entity by default. */
  target?: { type: string; id: number | string; details?: string };
  /** A changed attribute, as the platform's `change`/`from`/`to` details. */
  change?: { what: string; from?: AuditValue; to?: AuditValue };
  /** The platform's `custom_message`, for events that are not an attribute change. */
  message?: string;
}

/** Who acts: the request's user (or the author of the work a background job carries on). */
export interface Auditor {
  authorId: number;
  authorName: string;
  /** The platform's author class: `User`, or an unauthenticated author. */
  authorClass: string;
  ipAddress: string | null;
  /** Set when an administrator acted as another user through Sudo. */
  impersonatedBy?: string;
}

const AUDITOR = Symbol('auditor');

/** The author of changes made without a signed-in user (SCIM provisioning, set-up, the system). */
export const UNAUTHENTICATED: Auditor = {
  authorId: -1,
  authorName: 'An unauthenticated user',
  authorClass: 'Gitlab::Audit::UnauthenticatedAuthor',
  ipAddress: null,
};

/** A view of `core` whose recorded events name `auditor` as their author. */
export function withAuditor<T extends CoreState>(core: T, auditor: Auditor): T {
  return Object.create(core, { [AUDITOR]: { value: auditor } }) as T;
}

export const auditorOf = (core: CoreState): Auditor => (core as unknown as { [AUDITOR]?: Auditor })[AUDITOR] ?? UNAUTHENTICATED;

/** The author of a request: the acting user (Sudo's target, naming the administrator behind it). */
export function requestAuditor(actor: UserRow | null, authUser: UserRow | null, headers: Readonly<Record<string, string>>): Auditor {
  const ipAddress = clientAddress(headers);
  if (!actor) return Object.assign({}, UNAUTHENTICATED, { ipAddress });
  const auditor: Auditor = { authorId: actor.id, authorName: actor.name, authorClass: 'User', ipAddress };
  if (authUser && authUser.id !== actor.id) auditor.impersonatedBy = authUser.username;
  return auditor;
}

/** Request views of one core view per author and address (requestAuditor's content). */
const requestViews = new WeakMap<CoreState, Map<string, CoreState>>();
/** Authors and addresses kept per view; a full set starts over. */
const MAX_REQUEST_VIEWS = 256;

/**
 * `withAuditor(core, requestAuditor(actor, authUser, headers))`, made once per author and address
 * and shared by the requests that have the same: a view made per request (a new object with
 * its property defined) was a measurable part of a small request's cost. The key holds every
 * field of the auditor, so a renamed user or a new address gets a view of its own.
 */
export function withRequestAuditor<T extends CoreState>(core: T, actor: UserRow | null, authUser: UserRow | null, headers: Readonly<Record<string, string>>): T {
  const auditor = requestAuditor(actor, authUser, headers);
  const ip = auditor.ipAddress ?? '';
  const by = auditor.impersonatedBy;
  // Lengths keep the fields apart whatever they contain.
  const key = `${auditor.authorId} ${ip.length}:${ip}${by === undefined ? '-' : `${by.length}:${by}`}${auditor.authorName}`;
  let byKey = requestViews.get(core);
  if (!byKey) requestViews.set(core, (byKey = new Map()));
  const known = byKey.get(key);
  if (known) return known as T;
  const view = withAuditor(core, auditor);
  if (byKey.size >= MAX_REQUEST_VIEWS) byKey.clear();
  byKey.set(key, view);
  return view;
}

const IPV4 = /^(?:\d{1,3}\.){3}\d{1,3}$/;
const IPV6 = /^[0-9a-fA-F:.]{2,45}$/;

/**
 * The caller's address. `serve` drops X-Forwarded-For unless it runs with --trust-proxy, so a
 * forwarded address present here was vouched for; otherwise the socket's peer, which `serve`
 * sets itself. A local command has neither: it runs on this host, so loopback.
 */
export function clientAddress(headers: Readonly<Record<string, string>>): string {
  const forwarded = headers['x-forwarded-for'];
  if (forwarded) {
    const first = normalise(forwarded.split(',')[0]?.trim() ?? '');
    if (first) return first;
  }
  return normalise(headers['x-hostctl-peer'] ?? '') ?? '127.0.0.1';
}

function normalise(address: string): string | undefined {
  const plain = address.startsWith('::ffff:') && IPV4.test(address.slice(7)) ? address.slice(7) : address;
  return IPV4.test(plain) || (plain.includes(':') && IPV6.test(plain)) ? plain : undefined;
}

interface EntityFacts {
  path: string;
  groupId: number | null;
}

function entityFacts(core: CoreState, entity: AuditEntity): EntityFacts {
  const db = core.db;
  switch (entity.type) {
    case 'Project': {
      const row = db
        .prepare(
          "SELECT n.full_path || '/' || p.path AS path, CASE n.kind WHEN 'group' THEN n.id END AS group_id FROM projects p JOIN namespaces n ON n.id = p.namespace_id WHERE p.id = ?",
        )
        .get(entity.id) as { path: string; group_id: number | null } | undefined;
      return { path: entity.path ?? row?.path ?? '', groupId: row?.group_id ?? null };
    }
    case 'Group': {
      if (entity.path !== undefined) return { path: entity.path, groupId: entity.id };
      const row = db.prepare('SELECT full_path FROM namespaces WHERE id = ?').get(entity.id) as { full_path: string } | undefined;
      return { path: row?.full_path ?? '', groupId: entity.id };
    }
    case 'User': {
      if (entity.path !== undefined) return { path: entity.path, groupId: null };
      const row = db.prepare('SELECT username FROM users WHERE id = ?').get(entity.id) as { username: string } | undefined;
      return { path: row?.username ?? '', groupId: null };
    }
    default:
      return { path: entity.path ?? 'gitlab_instance', groupId: null };
  }
}

/**
 * For bench/audit.ts alone, which measures what recording adds to a write by timing the same
 * writes with it off, in one process. Nothing in hostctl turns it off: no flag, setting or
 * variable reaches it.
 */
export const benchRecording = { enabled: true };

/**
 * Records one event for the change being made. Must run inside that change's write transaction
 * (it refuses otherwise): an event is never written for a change that did not commit, nor left
 * out of one that did. Entities about to be deleted must be recorded before their rows go (or
 * name their path).
 */
export function recordAudit(core: CoreState, event: AuditEvent): number {
  const db = core.db;
  if (!db.inTransaction) throw new Error(`audit event ${event.name} recorded outside the transaction of its change`);
  if (!benchRecording.enabled) return 0;
  const auditor = auditorOf(core);
  const facts = entityFacts(core, event.entity);
  const details: Record<string, unknown> = {};
  if (event.change) {
    details.change = event.change.what;
    details.from = event.change.from ?? '';
    details.to = event.change.to ?? '';
  }
  if (event.message !== undefined) details.custom_message = event.message;
  details.author_name = auditor.authorName;
  details.author_class = auditor.authorClass;
  const target = event.target ?? { type: event.entity.type, id: event.entity.id, details: facts.path };
  details.target_id = target.id;
  details.target_type = target.type;
  details.target_details = target.details ?? String(target.id);
  if (auditor.impersonatedBy !== undefined) details.impersonated_by = auditor.impersonatedBy;
  details.ip_address = auditor.ipAddress;
  details.entity_path = facts.path;
  const info = db.prepare(INSERT_EVENT).run({
    author: auditor.authorId,
    type: event.entity.type,
    entity: event.entity.id,
    group: facts.groupId,
    name: event.name,
    targetType: target.type,
    targetId: String(target.id),
    details: JSON.stringify(details),
    now: core.nowIso(),
  });
  const id = Number(info.lastInsertRowid);
  // Every AUDIT_SETTLE_BATCH-th id settles what waits (ids follow one another: events are never
  // deleted, and an id rolled back is given again), so no write but that one reads for it.
  if (id % AUDIT_SETTLE_BATCH === 0) settleAuditEvents(db, settledAuditId(db));
  return id;
}

/**
 * How many events may wait unsettled (outside the lists' indexes, migration 040). A list reads
 * about this many rows by rowid besides its index (twice as many at most, should an id ever be
 * skipped); each index leaf is written once for this many events; the write that settles them
 * does that work for all of them (about 1 ms on the bench machine, 30 µs an event).
 */
export const AUDIT_SETTLE_BATCH = 32;

/**
 * The newest settled event's id (0 when none is): the scan from the newest row stops at the first
 * settled one, so it reads the unsettled events and one more. Unsettled events are exactly the
 * ones above it (they are settled in id order, all together).
 */
export function settledAuditId(db: Database): number {
  const row = db.prepare('SELECT id FROM audit_events NOT INDEXED WHERE seq_all IS NOT NULL ORDER BY id DESC LIMIT 1').get() as { id: number } | undefined;
  return row?.id ?? 0;
}

/**
 * Settles every event above `settled`, oldest first: each gets its ordinals (one seek along each
 * of its lists' indexes, which hold the events settled before it) and so enters those indexes.
 */
function settleAuditEvents(db: Database, settled: number): void {
  const pending = db
    .prepare('SELECT id, author_id AS author, entity_type AS type, entity_id AS entity, group_id AS "group", event_name AS name FROM audit_events WHERE id > ? ORDER BY id')
    .all(settled) as Record<string, unknown>[];
  const settle = db.prepare(SETTLE_EVENT);
  for (const row of pending) settle.run(row);
}

/**
 * The newest ordinal among the settled events of the list whose rows match `where` (0 when it has
 * none) plus one, read through that list's index. The index is named: with the type or name a
 * bound parameter, SQLite chose another index at run time and walked every row of the type (25 µs
 * at 3,000 events, and growing), where the list's own index is one seek. The indexes hold settled
 * events only (migration 040), which the condition on seq_all says.
 */
const nextOrdinal = (column: string, where: string, index?: string): string =>
  `COALESCE((SELECT ${column} FROM audit_events${index ? ` INDEXED BY ${index}` : ' NOT INDEXED'} WHERE ${where ? `${where} AND ` : ''}seq_all IS NOT NULL ORDER BY id DESC LIMIT 1), 0) + 1`;

/**
 * An event is written as its row alone: created_at never decreases along id (a clock stepping
 * back keeps the newest time), so date filters can be answered as id bounds. Its ordinals, and so
 * its place in the lists' indexes, come when it is settled (SETTLE_EVENT).
 */
const INSERT_EVENT = `INSERT INTO audit_events (author_id, entity_type, entity_id, group_id, event_name, target_type, target_id, details, created_at)
SELECT @author, @type, @entity, @group, @name, @targetType, @targetId, @details,
  MAX(@now, COALESCE((SELECT created_at FROM audit_events ORDER BY id DESC LIMIT 1), ''))`;

/**
 * Settles one event: each seq_* column is the row's ordinal in one list (migration 037), one seek
 * along that list's index each; setting seq_all puts the row in those indexes. A project's lists
 * by author and by name are the only entity lists with ordinals (and indexes, migration 039); the
 * literal type lets SQLite seek their partial indexes.
 */
const SETTLE_EVENT = `UPDATE audit_events SET
  seq_all = ${nextOrdinal('seq_all', '')},
  seq_author = ${nextOrdinal('seq_author', 'author_id = @author', 'audit_events_author')},
  seq_name = ${nextOrdinal('seq_name', 'event_name = @name', 'audit_events_name')},
  seq_type = ${nextOrdinal('seq_type', 'entity_type = @type', 'audit_events_type')},
  seq_entity = ${nextOrdinal('seq_entity', 'entity_type = @type AND entity_id = @entity', 'audit_events_entity')},
  seq_entity_author = CASE WHEN @type = 'Project' THEN ${nextOrdinal('seq_entity_author', "entity_type = 'Project' AND entity_id = @entity AND author_id = @author", 'audit_events_entity_author')} END,
  seq_entity_name = CASE WHEN @type = 'Project' THEN ${nextOrdinal('seq_entity_name', "entity_type = 'Project' AND entity_id = @entity AND event_name = @name", 'audit_events_entity_name')} END,
  seq_group = CASE WHEN @group IS NOT NULL THEN ${nextOrdinal('seq_group', 'group_id = @group', 'audit_events_group')} END,
  seq_group_author = CASE WHEN @group IS NOT NULL THEN ${nextOrdinal('seq_group_author', 'group_id = @group AND author_id = @author', 'audit_events_group_author')} END,
  seq_group_name = CASE WHEN @group IS NOT NULL THEN ${nextOrdinal('seq_group_name', 'group_id = @group AND event_name = @name', 'audit_events_group_name')} END
WHERE id = @id`;

/**
 * The author of the latest event about a repository storage move (its scheduling), so that the
 * move's own events, recorded in the background, name the user who asked for it. The literal
 * target type lets SQLite use the partial index that holds only these events.
 */
export function auditorOfMove(core: CoreState, moveId: number): Auditor {
  const found = core.db
    .prepare("SELECT author_id, details FROM audit_events WHERE target_type = 'RepositoryStorageMove' AND target_id = ? ORDER BY id DESC LIMIT 1")
    .get(String(moveId)) as { author_id: number; details: string } | undefined;
  if (!found) return UNAUTHENTICATED;
  const d = JSON.parse(found.details) as Record<string, unknown>;
  return {
    authorId: found.author_id,
    authorName: typeof d.author_name === 'string' ? d.author_name : UNAUTHENTICATED.authorName,
    authorClass: typeof d.author_class === 'string' ? d.author_class : 'User',
    ipAddress: typeof d.ip_address === 'string' ? d.ip_address : null,
  };
}
