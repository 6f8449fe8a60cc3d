import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { createUser } from '../factories/users.js';
import { createProject, createProjectWithRoles, type ProjectJson, type RoleFixture } from '../factories/projects.js';
import { addCommit, createRelease, type ReleaseJson } from '../factories/releases.js';

const bytes = (body: string | Uint8Array): Buffer => (typeof body === 'string' ? Buffer.from(body, 'binary') : Buffer.from(body));

/** Names of the entries of an uncompressed tar archive. */
function tarEntries(tar: Buffer): string[] {
  const names: string[] = [];
  let pos = 0;
  let longName: string | null = null;
  while (pos + 512 <= tar.length) {
    const header = tar.subarray(pos, pos + 512);
    if (header.every((b) => b === 0)) break;
    const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const prefix = header.subarray(345, 500).toString('utf8').replace(/\0.*$/s, '');
    const size = parseInt(header.subarray(124, 136).toString('utf8').replace(/\0.*$/s, '').trim() || '0', 8);
    const type = String.fromCharCode(header[156] as number);
    const data = tar.subarray(pos + 512, pos + 512 + size);
    if (type === 'x') {
      const m = /\d+ path=([^\n]*)\n/.exec(data.toString('utf8'));
      longName = m ? (m[1] as string) : null;
    } else if (type !== 'g') {
      names.push(longName ?? (prefix ? `${prefix}/${name}` : name));
      longName = null;
    }
    pos += 512 + Math.ceil(size / 512) * 512;
  }
  return names;
}

describe.each(TRANSPORTS)('repository archives (%s)', (kind) => {
  let inst: Instance;
  let f: RoleFixture;
  let head: string;

  beforeAll(async () => {
    inst = await startInstance(kind);
    f = await createProjectWithRoles(inst, { initialize_with_readme: true });
    head = (await addCommit(inst, f.project.id, 'main', 'src/app.txt')).id;
  });
  afterAll(() => inst.close());

  /** `token`: null for an anonymous request; root's token when absent. */
  const get = (project: ProjectJson, suffix: string, query = '', token: string | null = inst.rootToken) =>
    inst.raw('GET', `/projects/${project.id}/repository/archive${suffix}`, { query, headers: token ? { 'private-token': token } : {} });

  it('serves every format from the real repository, named after project, ref and commit', async () => {
    const name = `${f.project.path}-main-${head}`;
    const tgz = await get(f.project, '');
    expect(tgz.status).toBe(200);
    // The platform sends every format but zip as application/octet-stream.
    expect(tgz.headers['content-type']).toBe('application/octet-stream');
    expect(tgz.headers['content-disposition']).toBe(`attachment; filename="${name}.tar.gz"`);
    expect(tgz.headers['x-content-type-options']).toBe('nosniff');
    expect(tarEntries(gunzipSync(bytes(tgz.body)))).toEqual([`${name}/`, `${name}/README.md`, `${name}/src/`, `${name}/src/app.txt`]);

    const tar = await get(f.project, '.tar');
    expect(tar.headers['content-type']).toBe('application/octet-stream');
    expect(tarEntries(bytes(tar.body))).toContain(`${name}/src/app.txt`);

    const zip = await get(f.project, '.zip');
    expect(zip.headers['content-disposition']).toBe(`attachment; filename="${name}.zip"`);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(bytes(zip.body).subarray(0, 4).toString('hex')).toBe('504b0304');
    expect(bytes(zip.body).includes(Buffer.from(`${name}/src/app.txt`))).toBe(true);

    const bz2 = await get(f.project, '.tar.bz2');
    expect(bz2.headers['content-type']).toBe('application/octet-stream');
    expect(bytes(bz2.body).subarray(0, 3).toString('latin1')).toBe('BZh');

    const viaParam = await get(f.project, '', 'format=zip');
    expect(viaParam.headers['content-disposition']).toBe(`attachment; filename="${name}.zip"`);
    const alias = await get(f.project, '.tgz');
    expect(alias.headers['content-disposition']).toBe(`attachment; filename="${name}.tar.gz"`);
  });

  it('archives the ref given in sha: a tag (with "/"), a commit, a subdirectory', async () => {
    const r = await createRelease(inst, f.project.id, { tag_name: 'rel/1.0' });
    const commit = r.commit?.id as string;
    const byTag = await get(f.project, '.tar', 'sha=rel%2F1.0');
    expect(byTag.headers['content-disposition']).toBe(`attachment; filename="${f.project.path}-rel-1.0-${commit}.tar"`);
    const bySha = await get(f.project, '.tar', `sha=${commit}`);
    expect(bySha.status).toBe(200);
    const sub = await get(f.project, '.tar', 'path=src');
    const prefix = `${f.project.path}-main-${head}-src`;
    expect(tarEntries(bytes(sub.body))).toEqual([`${prefix}/`, `${prefix}/src/`, `${prefix}/src/app.txt`]);
  });

  it('makes every source of a release downloadable (sources URL → archive API)', async () => {
    const r: ReleaseJson = await createRelease(inst, f.project.id, { tag_name: 'sources/v2' });
    for (const source of r.assets.sources ?? []) {
      // <web_url>/-/archive/<tag>/<project>-<tag>.<format>  →  /repository/archive.<format>?sha=<tag>
      const m = new RegExp(`^${f.project.web_url}/-/archive/(.+)/${f.project.path}-[^/]+\\.(zip|tar\\.gz|tar\\.bz2|tar)$`).exec(source.url);
      expect(m?.[2]).toBe(source.format);
      const res = await get(f.project, `.${source.format}`, `sha=${encodeURIComponent(m?.[1] as string)}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toContain(`${f.project.path}-sources-v2-`);
    }
  });

  it('answers 404 for unknown refs and formats', async () => {
    const res = await get(f.project, '.zip', 'sha=no-such-ref');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: '404 File Not Found' });
    const bad = await get(f.project, '.rar');
    expect(bad.status).toBe(404);
    expect(bad.json).toEqual({ error: '404 Not Found' });
    const empty = await createProject(inst);
    expect((await get(empty, '.zip')).json).toEqual({ message: '404 File Not Found' });
  });

  it('needs code access: guests 403, outsiders 404 on private; anyone on public', async () => {
    expect((await get(f.project, '.zip', '', f.reporter.token)).status).toBe(200);
    const guest = await get(f.project, '.zip', '', f.guest.token);
    expect(guest.status).toBe(403);
    expect(guest.json).toEqual({ message: '403 Forbidden' });
    expect((await get(f.project, '.zip', '', f.nonMember.token)).json).toEqual({ message: '404 Project Not Found' });
    expect((await get(f.project, '.zip', '', null)).status).toBe(404);
    const pub = await createProject(inst, inst.admin, { visibility: 'public', initialize_with_readme: true });
    expect((await get(pub, '.zip', '', null)).status).toBe(200);
    const outsider = await createUser(inst);
    expect((await get(pub, '.tar.gz', '', outsider.token)).status).toBe(200);
  });
});
