// The JSON Schema of a settings file, built from the sections' own schemas: the one source that
// validates (the loader and sections check the same rules), documents and ships as
// schema/settings.schema.json for editors (`# yaml-language-server: $schema=…`).
import { FILE_VERSION } from './load.js';
import type { Scope } from './section.js';
import { SECTIONS } from './sections/index.js';

export const SCHEMA_FILE = 'schema/settings.schema.json';

const sectionsOf = (scope: Scope): Record<string, unknown> =>
  Object.fromEntries(SECTIONS.filter((s) => s.scopes.includes(scope)).map((s) => [s.name, { description: s.summary, ...(s.schemaAt?.(scope) ?? s.schema) }]));

export function settingsSchema(): Record<string, unknown> {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'hostctl settings file (hostctl diff -f, hostctl apply -f, hostctl export)',
    type: 'object',
    required: ['version'],
    additionalProperties: false,
    properties: {
      $schema: { type: 'string', description: 'The schema of this file, for editors' },
      version: { const: FILE_VERSION, description: 'The file format version' },
      ...sectionsOf('global'),
      groups: {
        type: 'object',
        description: 'Groups by full path',
        additionalProperties: { type: ['object', 'null'], additionalProperties: false, properties: sectionsOf('group') },
      },
      projects: {
        type: 'object',
        description: 'Projects by full path, or a glob: * matches within one segment, ** any number of segments; an exact path beats a glob, more segments beat fewer',
        additionalProperties: { type: ['object', 'null'], additionalProperties: false, properties: sectionsOf('project') },
      },
    },
  };
}

export const settingsSchemaText = (): string => `${JSON.stringify(settingsSchema(), null, 2)}\n`;
