// hostctl export: the current settings of groups and projects as a settings file (YAML, or JSON
// with -o json) that apply accepts unchanged and diff finds in sync.
import type { Command } from 'commander';
import { applyVerb } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';

interface ExportFlags {
  group?: string[];
  recursive?: boolean;
  project?: string[] | string;
  section?: string[];
}

const many = (v: string, p: string[] = []) => [...p, v];

export function configure(noun: Command): void {
  applyVerb<ExportFlags>(noun, {
    name: 'export',
    summary: 'Write the current settings of groups and projects as a settings file for diff and apply',
    examples: [
      'hostctl export --group acme --recursive > acme.yaml',
      'hostctl export --project acme/web/storefront --section members --section protected_branches',
      'hostctl export --group acme -o json > acme.json',
    ],
    options: (cmd) =>
      cmd
        .option('-g, --group <path>', 'a group to export (repeatable)', many)
        .option('--recursive', 'with --group: its subgroups and their projects too')
        .option('-R, --project <path>', 'a project to export (repeatable)', many)
        .option('--section <name>', 'only this section (repeatable; default: every section)', many),
    async run(cli, _args, o) {
      const projects = typeof o.project === 'string' ? [o.project] : (o.project ?? []);
      const groups = o.group ?? [];
      if (!groups.length && !projects.length) throw new UsageError('missing --group PATH or --project PATH (what to export)');
      if (o.recursive && !groups.length) throw new UsageError('--recursive needs --group PATH');
      const format = cli.globals.output;
      if (format !== 'table' && format !== 'yaml' && format !== 'json') throw new UsageError(`-o ${format}: export writes yaml (the default) or json`);
      const [{ exportSettings, chosenSections }, { makeContext }] = await Promise.all([import('../../settings/export.js'), import('../../settings/plan.js')]);
      chosenSections(o.section ?? []);
      const ctx = await makeContext(await cli.client());
      const file = await exportSettings(ctx, { groups, recursive: !!o.recursive, projects, sections: o.section ?? [] }, cli.info);
      if (format === 'json') return cli.print(`${JSON.stringify(file, null, 2)}\n`);
      const { toYaml } = await import('../../render/yaml.js');
      cli.print(`# hostctl settings file: check it with hostctl diff -f FILE, apply it with hostctl apply -f FILE\n${await toYaml(file)}`);
    },
  });
}
