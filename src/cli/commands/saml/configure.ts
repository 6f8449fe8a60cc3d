import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { checkChoice, parseAccessLevel, requireChanges, roleName } from '../../kit/refs.js';
import type { Column } from '../../render/output.js';
import { extension } from './extension.js';
import { extensionGroupPath } from './group-arg.js';

interface ConfigureOpts {
  ssoUrl?: string;
  fingerprint?: string;
  defaultRole?: string;
  enforcedSso?: boolean;
  enabled?: boolean;
}

export const SAML_COLUMNS: Column[] = [
  { key: 'group_id', header: 'group', lookup: 'group' },
  { key: 'enabled' },
  { key: 'sso_url', header: 'sso url' },
  { key: 'certificate_fingerprint', header: 'fingerprint' },
  { key: 'default_membership_role', header: 'default role', get: (r) => roleName(r.default_membership_role) },
  { key: 'enforced_sso', header: 'enforced' },
];

export const configureVerb: VerbSpec<ConfigureOpts> = {
  name: 'configure',
  bulk: true,
  args: '<group>',
  summary: "Configure a top-level group's SAML provider (Owner or administrator; hostctl extension)",
  examples: [
    'hostctl saml configure acme --sso-url https://idp.example.com/sso/saml --fingerprint 9a:be:...:dd --default-role developer',
    'hostctl saml configure acme --enforced-sso',
    'hostctl saml configure acme --disabled',
  ],
  options: (cmd) =>
    cmd
      .option('--sso-url <url>', "the identity provider's SSO URL (https)")
      .option('--fingerprint <sha1>', "the SHA-1 fingerprint of the identity provider's signing certificate")
      .option('--default-role <role>', 'role of members who sign in: minimal, guest, planner, reporter, developer or maintainer')
      .option('--enforced-sso', 'members must sign in through SAML')
      .option('--no-enforced-sso', 'members may also sign in without SAML')
      .option('--enabled', 'turn the provider on')
      .option('--disabled', 'turn the provider off'),
  async run(cli, [group], o) {
    const opts = o as ConfigureOpts & { disabled?: boolean };
    if (opts.enabled && opts.disabled) throw new UsageError('--enabled and --disabled exclude each other');
    let role: number | undefined;
    if (o.defaultRole !== undefined) {
      role = o.defaultRole.trim().toLowerCase() === 'minimal' ? 5 : parseAccessLevel(o.defaultRole, '--default-role');
      checkChoice(String(role), ['5', '10', '15', '20', '30', '40'], '--default-role');
    }
    const body = requireChanges(
      { sso_url: o.ssoUrl, certificate_fingerprint: o.fingerprint, default_membership_role: role, enforced_sso: o.enforcedSso, enabled: opts.disabled ? false : opts.enabled ? true : undefined },
      '--sso-url, --fingerprint, --default-role, --enforced-sso, --enabled, --disabled',
    );
    const api = await cli.client();
    const { data } = await extension(() => api.put<Record<string, unknown>>(extensionGroupPath(group, '/saml_provider'), body));
    await cli.showItem(data, SAML_COLUMNS);
  },
};
