import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { readPlainYaml } from './plain-yaml.js';

/** What the full YAML library reads (with the loader's options), or 'error'. */
function library(text: string): unknown {
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true, merge: false });
  return doc.errors.length ? 'error' : doc.toJS({ maxAliasCount: 100 });
}

/** The quick reading either gives up or reads exactly what the library reads. */
function agrees(text: string): boolean {
  const quick = readPlainYaml(text);
  if (quick === undefined) return false;
  expect({ text, value: quick.value }).toEqual({ text, value: library(text) });
  return true;
}

const PLAIN = `# yaml-language-server: $schema=./schema.json
version: 1
notification_settings: {level: watch, notification_email: me@acme.example}
groups:
  acme:
    members: {alice: owner, bob: 40, carol: {access_level: developer, expires_at: 2027-06-30}}
    saml_group_links:
      okta-devs: developer   # a comment
      'it''s': {access_level: maintainer, provider: "okta #1"}
projects:
  "acme/web/*":
    security_settings: {secret_push_protection_enabled: true}
  acme/web/storefront:
    freeze_periods:
      - {freeze_start: "0 23 * * 5", freeze_end: '0 7 * * 1', cron_timezone: Europe/Berlin}
      - freeze_start: 0 1 * * *
        freeze_end: 0 2 * * *

    protected_branches:
      main: {push_access_level: maintainer, merge_access_level: developer, allow_force_push: false}
      "release/*":
        allowed_to_push: [{user: alice}, {group: acme/release-managers}]
        allowed_to_merge: []
      empty:
    package_protection_rules:
    - package_name_pattern: "storefront-*"
      package_type: generic
    - {package_name_pattern: x, package_type: npm,}
    list:
      -
        a: ~
      - -1.5
      - +7
      - null
      - NULL
      - True
      - http://example.com:8080/x
      - a#b
`;

describe('the quick reading of plain YAML', () => {
  it('reads the plain subset exactly as the YAML library does', () => {
    expect(agrees(PLAIN)).toBe(true);
    expect(agrees('version: 1\nprojects:\n  a/b: {error_tracking: {active: true, integrated: false}}\n')).toBe(true);
  });

  it('reads the documentation examples and the shipped sample as the library does, or gives up', () => {
    const docs = readFileSync(join(import.meta.dirname, '../../../docs/settings-as-code.md'), 'utf8');
    const blocks = [...docs.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1] as string);
    expect(blocks.length).toBeGreaterThan(2);
    for (const block of blocks) agrees(block.replace(/\{\.\.\.\}/g, '{}'));
  });

  // Each of these the library reads otherwise, refuses, or reads with something the quick reading
  // does not handle: it must give up (or, where it reads them, agree).
  const tricky = [
    'a: 1\na: 2\n',
    'a: &x 1\nb: *x\n',
    'a: !!str 1\n',
    'a: |\n  text\n',
    'a: >\n  text\n',
    'a: b\n  c\n',
    'a: "x\\ty"\n',
    'a: "unclosed\n',
    'a: {b: 1\n',
    'a: [1, 2\n',
    'a: {b: 1}}\n',
    'a: b: c\n',
    '- a\nb: c\n',
    'a:\n  - 1\n  b: 2\n',
    'a:\n    b: 1\n  c: 2\n',
    '  a: 1\n',
    '---\na: 1\n',
    'a: 1\n---\nb: 2\n',
    '%YAML 1.2\n---\na: 1\n',
    '? a\n: b\n',
    '1: a\n',
    'true: a\n',
    'a: 0x1f\n',
    'a: 0o17\n',
    'a: 1e3\n',
    'a: .inf\n',
    'a: .nan\n',
    '__proto__: {x: 1}\n',
    'a: {__proto__: 1}\n',
    '<<: {a: 1}\n',
    'a:\tb\n',
    'a: 1\r\nb: 2\r\n',
    '\ufeffa: 1\n',
    'a: {b, c}\n',
    'a: [b: c]\n',
    'a: {"b":c}\n',
    'a: {b: [1, {c: d}], e: "f, g"}\n',
    'a: [a b, "c d", \'e\'\'f\']\n',
    'a: {b:}\n',
    'a: [1,]\n',
    'a: [,]\n',
    'a: "b" c\n',
    'a: "b"#c\n',
    'a: b #c: d\n',
    'a:b: c\n',
    'a: -\n',
    'a: - b\n',
    '- - a\n',
    '-\n  - a\n',
    '- a: 1\n  b:\n    c: 2\n- d\n',
    'a: @x\n',
    'a: `x\n',
    'a: %x\n',
    'a: [x] y\n',
    "a: 'it''s'\n",
    'a: "#not a comment"\n',
    'a: b # comment\n# only a comment\n',
    '# nothing\n',
    '',
    'just a scalar\n',
    'a: -1\nb: -x\nc: --x\n',
    'a: 007\nb: +0\nc: -0.5\nd: 1.\ne: .5\n',
    'key with spaces: value with spaces\n',
    '"quoted key": 1\n\'single\': 2\n',
    'a: {b: c d: e}\n',
    'a: [b, c]   # trailing\n',
    'a: {b: 1} x\n',
    'a:   \n  b: 1\n',
    'a: ~\nb:\nc: null\n',
  ];
  it.each(tricky.map((t) => [JSON.stringify(t), t]))('%s: gives up or agrees', (_name, text) => {
    agrees(text);
  });

  it('gives up on every text the library refuses', () => {
    for (const text of tricky) if (library(text) === 'error') expect(readPlainYaml(text), JSON.stringify(text)).toBeUndefined();
  });

  it('agrees on many generated files of plain pieces', () => {
    // A small deterministic generator over the pieces a settings file is made of.
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const scalars = ['a', 'b c', '"q, r"', "'s''t'", '1', '-2', '3.5', 'true', 'False', '~', 'null', 'x:y', 'u#v', '"#"', 'e-f', '2027-06-30', '"0 7 * * 1"', 'Europe/Berlin', '{}', '[]'];
    const flow = (depth: number): string => {
      const k = rand(3);
      if (depth > 1 || k === 0) return scalars[rand(scalars.length)] as string;
      if (k === 1) return `[${Array.from({ length: rand(3) }, () => flow(depth + 1)).join(', ')}]`;
      return `{${Array.from({ length: rand(3) }, (_, i) => `k${i}: ${flow(depth + 1)}`).join(', ')}}`;
    };
    const block = (indent: string, depth: number): string[] => {
      const out: string[] = [];
      const asList = depth > 0 && rand(3) === 0;
      for (let i = 0, n = 1 + rand(3); i < n; i++) {
        const nested = depth < 3 && rand(2) === 0;
        const head = asList ? `${indent}- ` : `${indent}key${i}:`;
        if (asList && nested) out.push(`${indent}-`, ...block(`${indent}  `, depth + 1));
        else if (nested) out.push(head, ...block(`${indent}  `, depth + 1));
        else out.push(`${head}${asList ? '' : ' '}${flow(0)}${rand(4) === 0 ? '  # note' : ''}`);
        if (rand(6) === 0) out.push('');
      }
      return out;
    };
    let read = 0;
    for (let n = 0; n < 300; n++) if (agrees(`${block('', 0).join('\n')}\n`)) read++;
    // Nearly all of them are plain: the quick reading must actually be taken.
    expect(read).toBeGreaterThan(250);
  });
});
