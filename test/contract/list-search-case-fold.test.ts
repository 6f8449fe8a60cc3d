// Searches fold the case of every letter, not only ASCII ones: the platform's ILIKE does, so
// "ÜBER" is found by "über" and "ørsted" by "ØRSTED", on every list with a text search, for
// terms the trigram index serves (three characters or more) and for short ones matched whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchLists } from '../helpers/search-lists.js';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { createUser, unique, type UserJson } from '../factories/users.js';
import { createGroup, type GroupJson } from '../factories/groups.js';
import { addMember, createProject } from '../factories/projects.js';

describe.each(TRANSPORTS)('searches fold non-ASCII case (%s)', (kind) => {
  let inst: Instance;
  beforeAll(async () => {
    inst = await startInstance(kind);
  });
  afterAll(() => inst.close());

  it('every list with a search finds non-ASCII capitals by small letters and the other way round', async () => {
    const tag = unique('cf').toLowerCase();
    const group = await createGroup(inst, inst.admin, { name: `${tag} ÆRØ Gruppe`, path: `${tag}-grp`, visibility: 'public' });
    const project = await createProject(inst, inst.admin, {
      name: `${tag} ÜBER Tools`,
      path: `${tag}-tools`,
      namespace_id: group.id,
      visibility: 'public',
      description: `${tag} Straße ΣΟΦΙΑ`,
      initialize_with_readme: true,
    });
    const user = await createUser(inst, { username: `${tag}_orsted`, name: `Ørsted ${tag} Ÿves` });
    await addMember(inst, 'projects', project.id, user.user.id, 30);
    await inst.admin.post(`/projects/${project.id}/milestones`, { title: `${tag} ÉTÉ Release` });
    await inst.admin.post(`/projects/${project.id}/milestones`, { title: 'Ää' });
    await inst.admin.post(`/users/${user.user.id}/personal_access_tokens`, { name: `${tag} ÖL token`, scopes: ['api'] });
    await inst.admin.post(`/projects/${project.id}/protected_branches`, { name: `${tag}-ÉCLAIR` });
    await inst.admin.post(`/projects/${project.id}/repository/branches`, { branch: `${tag}-ÅSA`, ref: 'main' });
    await inst.admin.post(`/projects/${project.id}/repository/tags`, { tag_name: `${tag}-ÐEN`, ref: 'main' });

    const { list, projects } = searchLists(inst);

    expect(await projects('über')).toEqual([`${tag} ÜBER Tools`]);
    expect(await projects(`${tag} über`)).toEqual([`${tag} ÜBER Tools`]);
    expect(await projects('STRASSE')).toEqual([]); // a case fold, not a normalisation: ß stays ß
    expect(await projects(`straße ${tag}`)).toEqual([`${tag} ÜBER Tools`]);
    expect(await projects(`σοφια ${tag}`)).toEqual([`${tag} ÜBER Tools`]);
    expect(await projects(`"${tag} über tools"`, '&order_by=similarity')).toEqual([`${tag} ÜBER Tools`]);
    expect(await projects(`ærø ${tag} über`, '&search_namespaces=true')).toEqual([`${tag} ÜBER Tools`]);
    expect(await projects(`ærø ${tag} über`)).toEqual([]);
    expect((await list<GroupJson>('/groups', 'search', `${tag} ærø`)).map((g) => g.id)).toEqual([group.id]);
    expect((await list<{ id: number }>('/namespaces', 'search', `ærø ${tag}`)).map((n) => n.id)).toEqual([group.id]);
    expect((await list<{ id: number }>(`/projects/${project.id}/groups`, 'search', `ærø ${tag}`)).map((g) => g.id)).toEqual([group.id]);

    const users = async (term: string) => (await list<UserJson>('/users', 'search', term)).map((u) => u.username);
    expect(await users(`ørsted ${tag}`)).toEqual([`${tag}_orsted`]);
    expect(await users(`${tag} ÿves`)).toEqual([`${tag}_orsted`]);
    const members = async (path: string, term: string) => (await list<{ username: string }>(path, 'query', term)).map((m) => m.username);
    expect(await members(`/projects/${project.id}/members`, 'ørsted')).toEqual([`${tag}_orsted`]);
    expect(await members(`/projects/${project.id}/members/all`, 'ØRSTED')).toEqual([`${tag}_orsted`]);

    const titles = async (term: string) => (await list<{ title: string }>(`/projects/${project.id}/milestones`, 'search', term)).map((m) => m.title);
    expect(await titles(`été ${tag}`)).toEqual([`${tag} ÉTÉ Release`]);
    // Two letters: matched whole, case folded the same way.
    expect(await titles('ää')).toEqual(['Ää']);
    expect(await titles('ÄÄ')).toEqual(['Ää']);
    expect((await list<{ name: string }>('/personal_access_tokens', 'search', `${tag} öl`)).map((t) => t.name)).toEqual([`${tag} ÖL token`]);
    expect((await list<{ name: string }>(`/projects/${project.id}/protected_branches`, 'search', `${tag}-éclair`)).map((b) => b.name)).toEqual([`${tag}-ÉCLAIR`]);
    expect((await list<{ name: string }>(`/projects/${project.id}/repository/branches`, 'search', `${tag}-åsa`)).map((b) => b.name)).toEqual([`${tag}-ÅSA`]);
    expect((await list<{ name: string }>(`/projects/${project.id}/repository/tags`, 'search', `${tag}-ðen`)).map((b) => b.name)).toEqual([`${tag}-ÐEN`]);
  });
});
