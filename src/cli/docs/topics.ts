// Reference text shared by the man page: environment variables and files.

export const ENVIRONMENT: [string, string][] = [
  ['HOSTCTL_CONTEXT', 'Name of the context to use, instead of the current one. The --context flag wins over it.'],
  ['HOSTCTL_URL', 'URL of a remote instance to use (with or without /api/v4). The --url flag wins over it.'],
  ['HOSTCTL_TOKEN', 'Personal access token to send. Wins over the token of the current context, not over that of a context chosen with --context or HOSTCTL_CONTEXT.'],
  ['HOSTCTL_STATE', 'Local state directory to use. The --state flag wins over it.'],
  ['HOSTCTL_CONFIG_DIR', 'Directory of the configuration file (default: $XDG_CONFIG_HOME/hostctl).'],
  ['GITLAB_HOST', 'Fallback for HOSTCTL_URL: a host name (https:// is assumed) or a URL.'],
  ['GITLAB_TOKEN', 'Fallback for HOSTCTL_TOKEN.'],
  ['HOSTCTL_NO_PROMPT', 'When set, never prompt, as with --no-input.'],
  ['CI', 'When set (and not "false" or "0"), never prompt: a missing value is a usage error that names the flag to pass.'],
  ['NO_COLOR', 'When set to a non-empty value, no colour in output.'],
  ['FORCE_COLOR', 'Colour even when standard output is not a terminal ("0" or "false" turns colour off).'],
  ['HOSTCTL_TIMEOUT_MS', 'Timeout of one HTTP request to a remote instance, in milliseconds (default: 30000).'],
  ['HTTPS_PROXY, HTTP_PROXY, NO_PROXY', 'Proxy for requests to remote instances.'],
  ['NODE_EXTRA_CA_CERTS', 'Extra certificate authorities to trust, as a PEM file.'],
  ['XDG_CONFIG_HOME', 'Base of the configuration directory (default: ~/.config).'],
  ['XDG_DATA_HOME', 'Base of the default local state directory (default: ~/.local/share).'],
];

export const FILES: [string, string][] = [
  [
    '$HOSTCTL_CONFIG_DIR/config.json',
    'The contexts and the name of the current one, with their tokens (default: ~/.config/hostctl/config.json). Written with mode 0600; hostctl refuses to read it when other users may.',
  ],
  ['$XDG_DATA_HOME/hostctl', 'The default local state directory (default: ~/.local/share/hostctl): a SQLite database and bare git repositories.'],
];
