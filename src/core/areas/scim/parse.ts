// What identity providers send: SCIM user bodies (create) and PatchOp bodies (update), read
// key by key so that nothing from the body is copied onto our objects. Providers differ:
// Azure AD sends `{"op":"Replace","path":"active","value":"False"}`, Okta
// `{"op":"replace","value":{"active":false}}`; both mean the same.

export interface ScimUserInput {
  externUid?: string;
  userName?: string;
  email?: string;
  name?: string;
  active: boolean;
}

const own = (o: unknown, key: string): unknown =>
  o !== null && typeof o === 'object' && !Array.isArray(o) && Object.prototype.hasOwnProperty.call(o, key) ? (o as Record<string, unknown>)[key] : undefined;

const text = (v: unknown, max = 255): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, max) : undefined);

/** SCIM booleans arrive as true/false or as strings ("False" from Azure AD). */
export function scimBool(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string' && /^(true|false)$/i.test(v.trim())) return v.trim().toLowerCase() === 'true';
  return undefined;
}

function primaryEmail(emails: unknown): string | undefined {
  if (!Array.isArray(emails)) return undefined;
  const list = emails.slice(0, 20);
  const primary = list.find((e) => own(e, 'primary') === true || own(e, 'primary') === 'true') ?? list.find((e) => own(e, 'type') === 'work') ?? list[0];
  return text(own(primary, 'value'));
}

function fullName(body: unknown): string | undefined {
  const name = own(body, 'name');
  const formatted = text(own(name, 'formatted')) ?? text(own(body, 'name.formatted'));
  if (formatted) return formatted;
  const parts = [text(own(name, 'givenName')), text(own(name, 'familyName'))].filter(Boolean);
  if (parts.length > 0) return parts.join(' ');
  return text(own(body, 'displayName'));
}

export function parseScimUser(body: unknown): ScimUserInput {
  const userName = text(own(body, 'userName'));
  return {
    externUid: text(own(body, 'externalId')) ?? text(own(body, 'id')),
    ...(userName ? { userName } : {}),
    email: primaryEmail(own(body, 'emails')) ?? (userName && userName.includes('@') ? userName : undefined),
    name: fullName(body),
    active: scimBool(own(body, 'active')) ?? true,
  };
}

export interface PatchOutcome {
  active?: boolean;
  externUid?: string;
}

/**
 * The changes of a PatchOp that the platform applies: `active` (de- and reprovisioning) and
 * `externalId`/`id`. Name, email and userName changes are accepted and left alone, as the
 * platform's group SCIM does. Returns null when the body carries no operations.
 */
export function parsePatch(body: unknown): PatchOutcome | null {
  const ops = own(body, 'Operations');
  if (!Array.isArray(ops) || ops.length === 0 || ops.length > 100) return null;
  const out: PatchOutcome = {};
  const apply = (path: string, value: unknown) => {
    const key = path.trim().toLowerCase();
    if (key === 'active') {
      const b = scimBool(value);
      if (b !== undefined) out.active = b;
    } else if (key === 'externalid' || key === 'id') {
      const uid = text(value);
      if (uid) out.externUid = uid;
    }
  };
  for (const op of ops) {
    const kind = String(own(op, 'op') ?? '').toLowerCase();
    if (kind !== 'replace' && kind !== 'add') continue;
    const path = own(op, 'path');
    const value = own(op, 'value');
    if (typeof path === 'string' && path !== '') apply(path, value);
    else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const key of Object.keys(value).slice(0, 50)) apply(key, (value as Record<string, unknown>)[key]);
    }
  }
  return out;
}
