// Group SAML identities (provider `group_saml` of the group's SAML provider) and SCIM
// identities (one per group and user, with `active`) share one set of operations: list, get
// by extern_uid, change extern_uid, delete. Both act only on identities of the group's own
// accounts (its enterprise users, never an administrator; see ownedByGroup): an Owner cannot see,
// re-point or remove the identity of any other account, which would let the group's identity
// provider sign in as it.
import { recordAudit } from '../../audit/record.js';
import type { RequestContext } from '../../http/context.js';
import { badRequest, failure, notFound } from '../../http/errors.js';
import { noContent, ok } from '../../http/reply.js';
import { cappedCount, paginate } from '../../http/pagination.js';
import { ownedByGroup, ownedGroup, samlProviderOf } from './provider.js';

export type IdentityKind = 'saml' | 'scim';

interface IdentityRow {
  id: number;
  user_id: number;
  extern_uid: string;
  active?: number;
}

function scope(ctx: RequestContext, kind: IdentityKind) {
  const { group } = ownedGroup(ctx, kind === 'saml' ? 'admin_saml_identities' : 'admin_scim_identities');
  const provider = samlProviderOf(ctx.core, group.id);
  if (!provider) throw badRequest();
  const s = kind === 'saml' ? { table: 'identities', column: 'saml_provider_id', owner: provider.id, group } : { table: 'scim_identities', column: 'group_id', owner: group.id, group };
  // `FROM ${from}` then `AND` further conditions; its arguments first.
  const from = `${s.table} i JOIN users u ON u.id = i.user_id AND ${ownedByGroup('u')} WHERE i.${s.column} = ?`;
  return { ...s, from, args: [group.id, s.owner] as unknown[] };
}

const present = (kind: IdentityKind, r: IdentityRow) =>
  kind === 'saml' ? { extern_uid: r.extern_uid, user_id: r.user_id } : { extern_uid: r.extern_uid, user_id: r.user_id, active: r.active === 1 };

function find(ctx: RequestContext, kind: IdentityKind) {
  const s = scope(ctx, kind);
  const row = ctx.core.db.prepare(`SELECT i.* FROM ${s.from} AND i.extern_uid = ?`).get(...s.args, String(ctx.params.uid)) as IdentityRow | undefined;
  if (!row) throw notFound('Identity');
  return { s, row };
}

export function listIdentities(ctx: RequestContext, kind: IdentityKind) {
  const s = scope(ctx, kind);
  const base = `SELECT i.* FROM ${s.from}`;
  return paginate(
    ctx,
    (cap) => (ctx.core.db.prepare(cappedCount(base, cap)).get(...s.args) as { n: number }).n,
    (limit, offset) => (ctx.core.db.prepare(`${base} ORDER BY i.id LIMIT ? OFFSET ?`).all(...s.args, limit, offset) as IdentityRow[]).map((r) => present(kind, r)),
  );
}

export const getIdentity = (ctx: RequestContext, kind: IdentityKind) => present(kind, find(ctx, kind).row);

export function updateIdentity(ctx: RequestContext, kind: IdentityKind) {
  const { s, row } = find(ctx, kind);
  const next = String(ctx.params.extern_uid);
  const taken = ctx.core.db.prepare(`SELECT id FROM ${s.table} WHERE ${s.column} = ? AND extern_uid = ? AND id <> ?`).get(s.owner, next, row.id);
  if (taken) throw failure(400, 'Extern uid has already been taken');
  ctx.core.tx(() => {
    ctx.core.db.prepare(`UPDATE ${s.table} SET extern_uid = ? WHERE id = ?`).run(next, row.id);
    if (kind === 'scim') ctx.core.db.prepare(`UPDATE scim_identities SET updated_at = ? WHERE id = ?`).run(ctx.core.nowIso(), row.id);
    recordAudit(ctx.core, { name: kind === 'saml' ? 'update_mismatched_group_saml_extern_uid' : `${kind}_identity_updated`, entity: { type: 'Group', id: s.group.id }, target: { type: 'User', id: row.user_id, details: row.extern_uid }, change: { what: 'extern uid', from: row.extern_uid, to: next } });
  });
  return present(kind, { ...row, extern_uid: next });
}

/**
 * SAML: the specification answers "an object with a `message` string stating 204 No Content",
 * which a 204 cannot carry, so the object comes with 200. SCIM (not in the specification) keeps
 * the platform's empty 204.
 */
export function deleteIdentity(ctx: RequestContext, kind: IdentityKind) {
  const { s, row } = find(ctx, kind);
  ctx.core.tx(() => {
    ctx.core.db.prepare(`DELETE FROM ${s.table} WHERE id = ?`).run(row.id);
    recordAudit(ctx.core, { name: `${kind}_identity_deleted`, entity: { type: 'Group', id: s.group.id }, target: { type: 'User', id: row.user_id, details: row.extern_uid }, message: `Removed ${kind.toUpperCase()} identity ${row.extern_uid}` });
  });
  return kind === 'saml' ? ok({ message: '204 No Content' }) : noContent();
}
