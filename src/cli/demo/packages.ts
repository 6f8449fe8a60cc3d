// Demo packages: a pipeline on the storefront whose job token publishes the storefront CLI as a
// generic package (two versions, several files), a hidden nightly build, a protection rule on
// release packages, and packages of other types and statuses across projects. Only generic
// packages have an upload API here; the others are made through `internals.seedPackages`, a
// direct call into the local instance's package service, and are skipped when it is absent.
import { Readable } from 'node:stream';
import { ApiClient } from '../../client/client.js';
import { actAs } from './act-as.js';
import type { Demo, DemoLog } from './index.js';

export interface DemoPackage {
  projectId: number;
  name: string;
  version: string | null;
  type: 'composer' | 'conan' | 'generic' | 'golang' | 'helm' | 'maven' | 'npm' | 'nuget' | 'pypi' | 'terraform_module';
  status?: 'default' | 'hidden' | 'processing' | 'error' | 'pending_destruction' | 'deprecated';
  conanPackageName?: string;
  tags?: string[];
  files?: { name: string; content: string }[];
}

export interface DemoInternals {
  seedPackages?: (drafts: DemoPackage[]) => Promise<number[]>;
  /** Whether the instance serves `method path` at its tier and offering (remote targets: assumed). */
  available?: (method: string, path: string, api?: 'v4' | 'scim') => Promise<boolean>;
}

async function publish(client: ApiClient, projectId: number, name: string, version: string, file: string, content: string, headers: Record<string, string> = {}, status?: string) {
  const body = Buffer.from(content, 'utf8');
  await client.request('PUT', `/projects/${projectId}/packages/generic/${encodeURIComponent(name)}/${encodeURIComponent(version)}/${file.split('/').map(encodeURIComponent).join('/')}`, {
    stream: Readable.from([body]),
    headers: { 'content-length': String(body.length), ...headers },
    ...(status ? { query: { status } } : {}),
  });
}

export async function seedPackagesDemo(demo: Demo, log: DemoLog): Promise<void> {
  const storefront = demo.projects['acme/web/storefront'] as number;
  const bob = actAs(demo, 'bob');

  // bob (Developer) runs a pipeline on main; its job token publishes what the pipeline built.
  const { data: pipeline } = await bob.post<{ id: number }>(`/projects/${storefront}/pipeline`, { ref: 'main' });
  const { data: issued } = await bob.post<{ token: string }>(`/hostctl/projects/${storefront}/pipelines/${pipeline.id}/job_token`);
  const job = { 'job-token': issued.token };
  // The job token alone authenticates these uploads (a personal token would take precedence).
  const ci = new ApiClient(demo.admin.transport, { userAgent: 'hostctl-demo' });
  await publish(ci, storefront, 'storefront-cli', '1.0.0', 'storefront-linux-amd64', '#!/bin/sh\necho "storefront 1.0.0 (linux)"\n', job);
  await publish(ci, storefront, 'storefront-cli', '1.0.0', 'storefront-darwin-arm64', '#!/bin/sh\necho "storefront 1.0.0 (darwin)"\n', job);
  await publish(ci, storefront, 'storefront-cli', '1.0.0', 'checksums/SHA256SUMS', 'see the package files API for the checksums\n', job);
  const { data: second } = await bob.post<{ id: number }>(`/projects/${storefront}/pipeline`, { ref: 'main' });
  const { data: issued2 } = await bob.post<{ token: string }>(`/hostctl/projects/${storefront}/pipelines/${second.id}/job_token`);
  await publish(ci, storefront, 'storefront-cli', '1.1.0', 'storefront-linux-amd64', '#!/bin/sh\necho "storefront 1.1.0 (linux)"\n', { 'job-token': issued2.token });
  // A nightly build nobody should pick up from the list.
  await publish(bob, storefront, 'storefront-nightly', `${demo.today.replace(/-/g, '.')}`, 'storefront.tar.gz', 'nightly build contents\n', {}, 'hidden');

  // Releases may be published by maintainers only and deleted by owners only.
  await demo.admin.post(`/projects/${storefront}/packages/protection/rules`, {
    package_name_pattern: 'storefront-*',
    package_type: 'generic',
    minimum_access_level_for_push: 'maintainer',
    minimum_access_level_for_delete: 'owner',
  });
  log(`demo: package storefront-cli 1.0.0 and 1.1.0 published by pipelines ${pipeline.id} and ${second.id}, a hidden nightly, a protection rule on storefront-*`);

  const seed = demo.internals.seedPackages;
  if (!seed) return;
  const p = (path: string) => demo.projects[path] as number;
  await seed([
    {
      projectId: p('acme/web/design-system'),
      name: '@acme/design-tokens',
      version: '3.1.0',
      type: 'npm',
      files: [{ name: 'design-tokens-3.1.0.tgz', content: 'npm tarball of @acme/design-tokens 3.1.0\n' }],
    },
    {
      projectId: p('acme/web/design-system'),
      name: '@acme/design-tokens',
      version: '3.2.0',
      type: 'npm',
      tags: ['latest'],
      files: [{ name: 'design-tokens-3.2.0.tgz', content: 'npm tarball of @acme/design-tokens 3.2.0\n' }],
    },
    {
      projectId: p('acme/platform/api-gateway'),
      name: 'com/acme/gateway-client',
      version: '1.4.0',
      type: 'maven',
      files: [
        { name: 'gateway-client-1.4.0.jar', content: 'jar bytes of gateway-client 1.4.0\n' },
        { name: 'gateway-client-1.4.0.pom', content: '<project><artifactId>gateway-client</artifactId><version>1.4.0</version></project>\n' },
      ],
    },
    { projectId: p('acme/platform/api-gateway'), name: 'com/acme/gateway-client', version: null, type: 'maven', files: [{ name: 'maven-metadata.xml', content: '<metadata/>\n' }] },
    { projectId: p('acme/platform/api-gateway'), name: 'gateway-sdk', version: '0.3.0', type: 'conan', conanPackageName: 'gateway-sdk/0.3.0@acme/stable', files: [{ name: 'conanfile.py', content: 'from conan import ConanFile\n' }] },
    { projectId: p('oss/yaml-lint'), name: 'yaml-lint', version: '0.9.0', type: 'pypi', status: 'deprecated', files: [{ name: 'yaml_lint-0.9.0-py3-none-any.whl', content: 'wheel of yaml-lint 0.9.0\n' }] },
    { projectId: p('oss/yaml-lint'), name: 'yaml-lint', version: '1.0.0', type: 'pypi', files: [{ name: 'yaml_lint-1.0.0-py3-none-any.whl', content: 'wheel of yaml-lint 1.0.0\n' }] },
    { projectId: p('acme/platform/infra/terraform-modules'), name: 'vpc/aws', version: '2.0.1', type: 'terraform_module', files: [{ name: 'vpc-aws-2.0.1.tgz', content: 'terraform module archive\n' }] },
    { projectId: p('acme/platform/infra/k8s-manifests'), name: 'storefront-chart', version: '0.1.0', type: 'helm', status: 'error', files: [{ name: 'storefront-chart-0.1.0.tgz', content: 'a chart that failed processing\n' }] },
  ]);
  log('demo: packages of other types: npm, maven (one versionless), conan, pypi (one deprecated), terraform module and helm (error) packages');
}
