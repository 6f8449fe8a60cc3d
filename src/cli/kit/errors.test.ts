import { describe, expect, it } from 'vitest';
import { EXIT, exitCodeForStatus, explainApiError, parseInspectedHash } from './errors.js';

describe('the error mapper', () => {
  it('reads the platform\'s Ruby hash syntax', () => {
    expect(parseInspectedHash('Failed to save group {:path=>["has already been taken"], :name=>["can\'t be blank", "is too \\"short\\""]}')).toEqual({
      path: ['has already been taken'],
      name: ["can't be blank", 'is too "short"'],
    });
    expect(parseInspectedHash('no hash here')).toBeUndefined();
  });

  it('turns field errors into plain English naming the value and the flag', () => {
    const fromHash = explainApiError(400, { message: 'Failed to save group {:path=>["has already been taken"]}' }, 'POST', '/groups', { name: 'Web', path: 'web' });
    expect(fromHash.message).toBe('could not save group: path "web" is already taken (HTTP 400, POST /groups)');
    expect(fromHash.hint).toBe('change --path and try again');
    const fromMap = explainApiError(400, { message: { name: ['has already been taken'], 'identities.extern_uid': ["can't be blank"] } }, 'POST', '/users', { name: 'x' });
    expect(fromMap.message).toContain('name "x" is already taken; identities.extern uid can\'t be blank');
    expect(fromMap.hint).toBe('change --name or --extern-uid and try again');
    // A hint names only flags the command has: a field such as `base` has none to change.
    const wikiFlags = (field: string) => (field === 'title' ? { flag: '--title', typed: true } : undefined);
    const noFlag = explainApiError(400, { message: { base: ['has already been taken'] } }, 'POST', '/projects/1/wikis', { title: 'Home' }, wikiFlags);
    expect(noFlag.hint).toBeUndefined();
    expect(noFlag.message).toMatch(/^base is already taken/);
    expect(explainApiError(400, { message: { title: ['is invalid'] } }, 'POST', '/projects/1/wikis', {}, wikiFlags)).toEqual({ message: '--title is invalid (HTTP 400, POST /projects/1/wikis)', hint: 'change --title and try again' });
    const sentence = explainApiError(400, { message: ['Name has already been taken'] }, 'POST', '/projects/1/releases/v1/assets/links', { name: 'linux', url: 'https://x' });
    expect(sentence.message).toMatch(/^name "linux" is already taken/);
  });

  it('a 404 below a project blames what the platform says is missing', () => {
    expect(explainApiError(404, { message: '404 Wiki Page Not Found' }, 'GET', '/projects/acme%2Fweb/wikis/Nope').hint).toBe('no such wiki page in project acme/web, or the token cannot see it');
    expect(explainApiError(404, { message: '404 Project Not Found' }, 'GET', '/projects/acme%2Fweb/wikis/Nope').hint).toBe('check the project exists and you can see it: hostctl projects get acme/web');
    // A bare 404 below a project the platform found: the resource is missing, not the project.
    expect(explainApiError(404, { message: '404 Not Found' }, 'GET', '/projects/acme%2Fweb/releases/v9').hint).toBe('no release v9 in project acme/web, or the token cannot see it');
    expect(explainApiError(404, { message: '404 Not Found' }, 'GET', '/projects/5/packages/generic/cli/1.0/x.bin').hint).toBe('no such thing in project 5, or the token cannot see it');
    expect(explainApiError(404, { message: '404 Not found' }, 'DELETE', '/projects/5/error_tracking/client_keys/9').hint).toBe('no client key 9 in project 5, or the token cannot see it');
  });

  it('keeps the platform\'s own sentences and adds hints for 401 and 404', () => {
    expect(explainApiError(404, { message: '404 Project Not Found' }, 'GET', '/projects/acme%2Fweb').message).toBe('404 Project Not Found (HTTP 404, GET /projects/acme%2Fweb)');
    expect(explainApiError(404, { message: '404 Project Not Found' }, 'GET', '/projects/acme%2Fweb').hint).toBe('find it with: hostctl projects list --search web');
    expect(explainApiError(404, {}, 'GET', '/groups/12').hint).toContain('hostctl groups list');
    expect(explainApiError(401, { message: '401 Unauthorized' }, 'GET', '/user').hint).toContain('hostctl auth status');
  });

  it('maps refusals to 5 by status and body', () => {
    for (const status of [400, 409, 412, 422]) expect(exitCodeForStatus(status)).toBe(EXIT.conflict);
    expect(exitCodeForStatus(405, { message: 'Branch already exists' })).toBe(EXIT.conflict);
    expect(exitCodeForStatus(405, { message: 'nope' })).toBe(EXIT.failure);
    expect(exitCodeForStatus(404)).toBe(EXIT.notFound);
    expect(exitCodeForStatus(403)).toBe(EXIT.auth);
    expect(exitCodeForStatus(503)).toBe(EXIT.unavailable);
  });

  it('names the flag the command has for a field, in maps, hashes, sentences and parameter errors', () => {
    const names: Record<string, string> = { expires_at: '--expires', url: '--link-url', name: '--name', path: '--path', repository_storage: '--storage' };
    const flags = (field: string) => (names[field] ? { flag: names[field] as string, typed: true } : undefined);
    expect(explainApiError(400, { message: { expires_at: ['must be in the future'] } }, 'POST', '/x', {}, flags).message).toBe('--expires must be in the future (HTTP 400, POST /x)');
    // A message that starts with the field's words keeps the rest of its sentence.
    expect(explainApiError(400, { message: { repository_storage: ['repository storage is not included in the list'] } }, 'POST', '/x', {}, flags).message).toBe('--storage is not included in the list (HTTP 400, POST /x)');
    expect(explainApiError(400, { message: 'Failed to save group {:path=>["has already been taken"]}' }, 'POST', '/groups', { path: 'web' }, flags).message).toBe('could not save group: --path "web" is already taken (HTTP 400, POST /groups)');
    expect(explainApiError(400, { message: ['Name has already been taken'] }, 'POST', '/x', { name: 'linux' }, flags).message).toBe('--name "linux" is already taken (HTTP 400, POST /x)');
    // Grape's parameter errors: each clause's field, whatever its case.
    const grape = explainApiError(400, { error: 'name is missing, url is invalid, base is invalid' }, 'POST', '/x', {}, flags);
    expect(grape.message).toBe('--name is missing, --link-url is invalid, base is invalid (HTTP 400, POST /x)');
    expect(grape.hint).toBe('change --name or --link-url and try again');
    expect(explainApiError(400, { error: 'name, path are missing, at least one parameter must be provided' }, 'POST', '/x', {}, flags).message).toMatch(/^--name, --path are missing, at least one parameter must be provided/);
    expect(explainApiError(400, { message: ['Url is blocked: URI is invalid'] }, 'POST', '/x', {}, flags).message).toMatch(/^--link-url is blocked: URI is invalid/);
    // A field the platform calls by its attribute name (`Expiration date` is expires_at).
    const expiry = explainApiError(422, { message: 'Expiration date must be before 2028-01-02' }, 'POST', '/users/2/personal_access_tokens', { expires_at: '2030-01-01' }, (field) => (field === 'expires_at' ? { flag: '--expires-at', typed: true } : undefined));
    expect(expiry).toEqual({ message: '--expires-at must be before 2028-01-02 (HTTP 422, POST /users/2/personal_access_tokens)', hint: 'change --expires-at and try again' });
    // Words that only look like a field stay: `Branch name is invalid` names no clause field.
    expect(explainApiError(400, { message: 'Branch name is invalid' }, 'POST', '/x', {}, () => ({ flag: '--branch', typed: true })).message).toMatch(/^Branch name is invalid/);
    // A flag the user did not give: the hint says to give it.
    expect(explainApiError(422, { message: 'Ref is not specified' }, 'POST', '/x', {}, () => ({ flag: '--ref', typed: false }))).toEqual({ message: '--ref is not specified (HTTP 422, POST /x)', hint: 'give --ref and try again' });
    // A `bad_request!` sentence after its status, fields joined by `and`; of a typed and a missing
    // flag, the hint asks for the missing one.
    const saml = (field: string) => (field === 'sso_url' ? { flag: '--sso-url', typed: true } : field === 'certificate_fingerprint' ? { flag: '--fingerprint', typed: false } : undefined);
    expect(explainApiError(400, { message: '400 Bad request - sso_url and certificate_fingerprint are required to configure SAML' }, 'PUT', '/x', {}, saml)).toEqual({
      message: '400 Bad request - --sso-url and --fingerprint are required to configure SAML (HTTP 400, PUT /x)',
      hint: 'give --fingerprint and try again',
    });
  });
});
