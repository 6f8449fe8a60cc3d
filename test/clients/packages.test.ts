// Real clients against the package registry, generic packages and pipelines on hostctl serve:
// python-gitlab's generic package upload/download and package managers, @gitbeaker/rest's
// PackageRegistry and Packages, and the Ruby gem's pipelines (it has no package API).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitbeaker, hasPythonGitlab, hasRubyGitlab, runPython, runRuby, startServed, type ServedInstance } from './harness.js';
import { createProjectWithRoles, type RoleFixture } from '../factories/projects.js';
import { seedPackage } from '../factories/packages.js';

let inst: ServedInstance;
let f: RoleFixture;

beforeAll(async () => {
  inst = await startServed();
  f = await createProjectWithRoles(inst, { initialize_with_readme: true, visibility: 'public' }, { visibility: 'public' });
  seedPackage(inst, { projectId: f.project.id, name: '@acme/ui', version: '1.2.0', type: 'npm' });
});
afterAll(async () => {
  await inst.close();
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('packages with real clients', () => {
  it.runIf(hasPythonGitlab())('python-gitlab uploads and downloads generic packages and manages packages', async () => {
    const out = await runPython<Record<string, unknown>>(
      inst,
      f.maintainer.token,
      `
import tempfile, os
project = gl.projects.get(${f.project.id})
path = os.path.join(tempfile.mkdtemp(), "tool.txt")
with open(path, "wb") as fh:
    fh.write(b"python bytes\\n")
pkg = project.generic_packages.upload(package_name="py-tool", package_version="1.0.0", file_name="tool.txt", path=path)
data = project.generic_packages.download(package_name="py-tool", package_version="1.0.0", file_name="tool.txt")
listed = project.packages.list(package_type="generic")
one = project.packages.get(listed[0].id)
files = one.package_files.list()
group = gl.groups.get(${f.group.id})
group_list = group.packages.list(order_by="name")
pipeline = project.pipelines.create({"ref": "main"})
pipelines = project.pipelines.list()
project.packages.delete(one.id)
after = project.packages.list(package_type="generic")
print(json.dumps({
  "upload": pkg.attributes.get("message"),
  "data": data.decode(),
  "names": [p.name for p in listed],
  "files": [[x.file_name, x.size, x.file_sha256] for x in files],
  "group": [[p.name, p.project_path] for p in group_list],
  "pipeline": [pipeline.status, pipeline.ref],
  "pipelines": [p.id for p in pipelines],
  "after": [p.name for p in after],
}))
`,
    );
    expect(out).toMatchObject({
      upload: '201 Created',
      data: 'python bytes\n',
      names: ['py-tool'],
      files: [['tool.txt', 13, sha256('python bytes\n')]],
      group: [['@acme/ui', f.project.path_with_namespace], ['py-tool', f.project.path_with_namespace]],
      pipeline: ['created', 'main'],
      after: [],
    });
  });

  it.runIf(hasPythonGitlab())('python-gitlab uploads a file under a path, lists its stored name and downloads it by the same name; an encoded slash in the name is refused', async () => {
    const out = await runPython<Record<string, unknown>>(
      inst,
      f.maintainer.token,
      `
import tempfile, os
project = gl.projects.get(${f.project.id})
path = os.path.join(tempfile.mkdtemp(), "SHA256SUMS")
with open(path, "wb") as fh:
    fh.write(b"sums\\n")
up = project.generic_packages.upload(package_name="py-pathed", package_version="1.0.0", file_name="checksums/SHA256SUMS", path=path)
data = project.generic_packages.download(package_name="py-pathed", package_version="1.0.0", file_name="checksums/SHA256SUMS")
pkg = project.packages.list(package_name="py-pathed")[0]
files = [x.file_name for x in project.packages.get(pkg.id).package_files.list()]
refused = {}
for label, call in [
    ("upload", lambda: project.generic_packages.upload(package_name="py-pathed", package_version="1.0.0", file_name="checksums%2FSHA256SUMS", path=path)),
    ("download", lambda: project.generic_packages.download(package_name="py-pathed", package_version="1.0.0", file_name=files[0])),
]:
    try:
        call()
        refused[label] = None
    except gitlab.exceptions.GitlabError as e:
        refused[label] = [e.response_code, e.error_message]
print(json.dumps({"upload": up.attributes.get("message"), "data": data.decode(), "files": files, "refused": refused}))
`,
    );
    expect(out).toEqual({
      upload: '201 Created',
      data: 'sums\n',
      files: ['checksums%2FSHA256SUMS'],
      refused: { upload: [400, 'file_name is invalid'], download: [400, 'file_name is invalid'] },
    });
  });

  it.runIf(hasPythonGitlab())('python-gitlab cancels, retries and deletes a pipeline', async () => {
    const out = await runPython<Record<string, unknown>>(
      inst,
      inst.rootToken,
      `
project = gl.projects.get(${f.project.id})
p = project.pipelines.create({"ref": "main"})
canceled = p.cancel()
after_cancel = project.pipelines.get(p.id).status
retried = project.pipelines.get(p.id).retry()
after_retry = project.pipelines.get(p.id)
after_retry.delete()
try:
    project.pipelines.get(p.id)
    gone = None
except gitlab.exceptions.GitlabGetError as e:
    gone = e.response_code
print(json.dumps({"cancel": canceled["status"], "after_cancel": after_cancel, "retry": retried["status"], "after_retry": after_retry.status, "gone": gone}))
`,
    );
    expect(out).toEqual({ cancel: 'canceled', after_cancel: 'canceled', retry: 'pending', after_retry: 'pending', gone: 404 });
  });

  it('@gitbeaker/rest publishes, downloads, lists and deletes through PackageRegistry and Packages', async () => {
    const api = await gitbeaker(inst, f.maintainer.token);
    const published = await api.PackageRegistry.publish(f.project.id, 'gb-tool', '2.0.0', { content: new Blob(['gitbeaker bytes']), filename: 'gb.bin' }, { select: 'package_file' });
    expect(published).toMatchObject({ file_name: 'gb.bin', size: 15, file_sha256: sha256('gitbeaker bytes') });
    const downloaded = (await api.PackageRegistry.download(f.project.id, 'gb-tool', '2.0.0', 'gb.bin')) as unknown as Blob;
    expect(await downloaded.text()).toBe('gitbeaker bytes');
    const all = await api.Packages.all({ projectId: f.project.id, packageName: 'gb' });
    expect(all.map((p) => p.name)).toEqual(['gb-tool']);
    const shown = await api.Packages.show(f.project.id, all[0]?.id as number);
    expect(shown).toMatchObject({ name: 'gb-tool', version: '2.0.0', status: 'default' });
    const files = await api.Packages.allFiles(f.project.id, all[0]?.id as number);
    expect(files.map((x) => x.file_name)).toEqual(['gb.bin']);
    await api.Packages.removeFile(f.project.id, all[0]?.id as number, files[0]?.id as number);
    expect(await api.Packages.allFiles(f.project.id, all[0]?.id as number)).toEqual([]);
    await api.Packages.remove(f.project.id, all[0]?.id as number);
    expect(await api.Packages.all({ projectId: f.project.id, packageName: 'gb' })).toEqual([]);
    const group = await api.Packages.all({ groupId: f.group.id, packageType: 'npm' });
    expect(group.map((p) => p.name)).toEqual(['@acme/ui']);
    // Anonymous callers read public projects' packages.
    const anonymous = await gitbeaker(inst, '');
    expect((await anonymous.Packages.all({ projectId: f.project.id, packageType: 'npm' })).map((p) => p.name)).toEqual(['@acme/ui']);
  });

  it.runIf(hasRubyGitlab())('the Ruby gem creates and reads pipelines (and lists packages with its generic get)', async () => {
    const out = await runRuby<Record<string, unknown>>(
      inst,
      f.developer.token,
      `
created = gl.create_pipeline(${f.project.id}, "main")
one = gl.pipeline(${f.project.id}, created.id)
list = gl.pipelines(${f.project.id})
# The gem has no package API: its generic request helper reads the list.
packages = gl.get("/projects/${f.project.id}/packages", query: { package_type: "npm" })
puts JSON.generate({status: one.status, ref: one.ref, ids: list.map(&:id).include?(created.id), packages: packages.map { |p| p.name }})
`,
    );
    expect(out).toEqual({ status: 'created', ref: 'main', ids: true, packages: ['@acme/ui'] });
  });
});
