// hostctl milestones, run as a process against a local state: every verb (list, get, create,
// update, close) on project and group milestones, the list filters, and the usage errors and
// exit codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessSandbox as cliSandbox, type InProcessSandbox as CliSandbox } from '../helpers/cli-in-process.js';

type Obj = Record<string, unknown>;

describe('hostctl milestones', () => {
  let box: CliSandbox;
  let groupMs: Obj;
  let projectMs: Obj;

  const json = <T = Obj>(args: string[]): Promise<T> => box.json<T>(args);

  beforeAll(async () => {
    box = cliSandbox();
    await box.init();
    await json(['groups', 'create', '--name', 'Org', '--path', 'org']);
    await json(['groups', 'create', '--name', 'Web', '--path', 'web', '--parent', 'org']);
    await json(['projects', 'create', '--path', 'site', '--group', 'org/web']);
  });

  afterAll(() => box.cleanup());

  it('create: project and group milestones, with dates and a description', async () => {
    groupMs = await json(['milestones', 'create', '-g', 'org', '--title', 'Org H1', '--start-date', '2026-01-01', '--due-date', '2026-06-30', '--description', 'First half']);
    expect(groupMs).toMatchObject({ iid: 1, title: 'Org H1', state: 'active', start_date: '2026-01-01', due_date: '2026-06-30', description: 'First half' });
    expect(groupMs.group_id).toEqual(expect.any(Number));
    projectMs = await json(['milestones', 'create', '-R', 'org/web/site', '--title', 'Site launch', '--due-date', '2026-02-01']);
    expect(projectMs).toMatchObject({ iid: 1, title: 'Site launch', project_id: expect.any(Number), web_url: expect.stringMatching(/\/org\/web\/site\/-\/milestones\/1$/) });
    await json(['milestones', 'create', '-R', 'org/web/site', '--title', 'Polish', '--description', 'small things']);
  });

  it('get: by the id, for a project and a group; the table shows the fields', async () => {
    expect(await json(['milestones', 'get', String(projectMs.id), '-R', 'org/web/site'])).toEqual(projectMs);
    expect((await json<Obj>(['milestones', 'get', String(groupMs.id), '-g', 'org'])).title).toBe('Org H1');
    const table = await box.run(['milestones', 'get', String(projectMs.id), '-R', 'org/web/site']);
    expect(table.exitCode).toBe(0);
    expect(String(table.stdout)).toContain('Site launch');
  });

  it('update: fields, --close and --reopen; close', async () => {
    const updated = await json<Obj>(['milestones', 'update', String(projectMs.id), '-R', 'org/web/site', '--title', 'Site go-live', '--due-date', '2026-03-01', '--description', 'moved']);
    expect(updated).toMatchObject({ title: 'Site go-live', due_date: '2026-03-01', description: 'moved', state: 'active' });
    expect((await json<Obj>(['milestones', 'update', String(projectMs.id), '-R', 'org/web/site', '--close'])).state).toBe('closed');
    expect((await json<Obj>(['milestones', 'update', String(projectMs.id), '-R', 'org/web/site', '--reopen'])).state).toBe('active');
    expect((await json<Obj>(['milestones', 'close', String(groupMs.id), '-g', 'org'])).state).toBe('closed');
    expect((await json<Obj>(['milestones', 'update', String(groupMs.id), '-g', 'org', '--reopen', '--title', 'Org first half'])).title).toBe('Org first half');
  });

  it('list: states, title, search, iids and the parents\' milestones', async () => {
    const all = await json<Obj[]>(['milestones', 'list', '-R', 'org/web/site']);
    expect(all.map((m) => m.title)).toEqual(['Site go-live', 'Polish']);
    await json(['milestones', 'close', String(projectMs.id), '-R', 'org/web/site']);
    expect((await json<Obj[]>(['milestones', 'list', '-R', 'org/web/site', '--active'])).map((m) => m.title)).toEqual(['Polish']);
    expect((await json<Obj[]>(['milestones', 'list', '-R', 'org/web/site', '--closed'])).map((m) => m.title)).toEqual(['Site go-live']);
    expect((await json<Obj[]>(['milestones', 'list', '-R', 'org/web/site', '--search', 'SMALL'])).map((m) => m.title)).toEqual(['Polish']);
    expect((await json<Obj[]>(['milestones', 'list', '-R', 'org/web/site', '--title', 'Polish'])).map((m) => m.iid)).toEqual([2]);
    expect((await json<Obj[]>(['milestones', 'list', '-R', 'org/web/site', '--iid', '1,2'])).map((m) => m.iid).sort()).toEqual([1, 2]);
    const withParents = await json<Obj[]>(['milestones', 'list', '-R', 'org/web/site', '--with-parents']);
    expect(withParents.map((m) => m.title).sort()).toEqual(['Org first half', 'Polish', 'Site go-live']);
    expect((await json<Obj[]>(['milestones', 'list', '-g', 'org/web', '--with-parents'])).map((m) => m.title)).toEqual(['Org first half']);
    const piped = await box.run(['milestones', 'list', '-g', 'org', '--fields', 'iid,title']);
    expect(String(piped.stdout).trim()).toBe('1\tOrg first half');
  });

  it('refusals: usage errors (exit 2), a taken title (exit 5), unknown ids (exit 3)', async () => {
    const noParent = await box.run(['milestones', 'list']);
    expect(noParent.exitCode).toBe(2);
    expect(String(noParent.stderr)).toContain('missing --project or --group');
    const both = await box.run(['milestones', 'list', '-R', 'org/web/site', '-g', 'org']);
    expect(both.exitCode).toBe(2);
    const noTitle = await box.run(['milestones', 'create', '-R', 'org/web/site']);
    expect(noTitle.exitCode).toBe(2);
    expect(String(noTitle.stderr)).toContain('--title');
    const badId = await box.run(['milestones', 'get', 'v1', '-R', 'org/web/site']);
    expect(badId.exitCode).toBe(2);
    const badState = await box.run(['milestones', 'update', String(projectMs.id), '-R', 'org/web/site', '--close', '--reopen']);
    expect(badState.exitCode).toBe(2);
    const nothing = await box.run(['milestones', 'update', String(projectMs.id), '-R', 'org/web/site']);
    expect(nothing.exitCode).toBe(2);
    const badDate = await box.run(['milestones', 'create', '-g', 'org', '--title', 'x', '--start-date', '2026-02-30']);
    expect(badDate.exitCode).toBe(2);
    const taken = await box.run(['milestones', 'create', '-R', 'org/web/site', '--title', 'Org first half']);
    expect(taken.exitCode).toBe(5);
    // The platform's `{:title=>["already being used …"]}` in plain English, naming the flag.
    expect(String(taken.stderr)).toContain('could not create milestone: --title "Org first half" is already taken');
    expect(String(taken.stderr)).toContain('hint: change --title');
    expect(String(taken.stderr)).not.toContain('=>');
    const unknown = await box.run(['milestones', 'get', '99999', '-R', 'org/web/site']);
    expect(unknown.exitCode).toBe(3);
    // A group milestone is not one of the project's own.
    const elsewhere = await box.run(['milestones', 'close', String(groupMs.id), '-R', 'org/web/site']);
    expect(elsewhere.exitCode).toBe(3);
  });
});
