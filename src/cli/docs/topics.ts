// Reference text shared by the man page: environment variables and files.

export const ENVIRONMENT: [string, string][] = [
  ['HOSTCTL_CONTEXT', 'Name of the context to use, instead of the current one. The --context flag wins over it.'],
  ['HOSTCTL_URL', 'URL of a remote instance to use (with or without /api/v4). The --url flag wins over it.'],
  ['HOSTCTL_TOKEN', 'Personal access token to send to the target hostctl chose. Wins over the token of the current context, not over that of a context chosen with --context or HOSTCTL_CONTEXT.'],
  ['HOSTCTL_STATE', 'Local state directory to use. The --state flag wins over it.'],
  ['HOSTCTL_CONFIG_DIR', 'Directory of the configuration file (default: $XDG_CONFIG_HOME/hostctl).'],
  ['GITLAB_HOST', "glab's variable: a host name (https:// is assumed) or a URL. Used only when nothing of hostctl's own names a target or a token: no --url, --state or --context flag, no HOSTCTL_CONTEXT, HOSTCTL_URL, HOSTCTL_STATE or HOSTCTL_TOKEN, no current context. \"hostctl context get\" says when it is used, or set and ignored."],
  ['GITLAB_TOKEN', "glab's variable: a token for GITLAB_HOST. Sent only to GITLAB_HOST, when GITLAB_HOST is used (see above); never to a context's server, a --url or HOSTCTL_URL, nor to a local state. A token only ever goes to the host it was configured for."],
  ['HOSTCTL_PROJECT', 'Default project (id or full path) for commands that take -R/--project (alias --repo); the flag wins over it.'],
  ['HOSTCTL_DEBUG', 'api: trace HTTP requests on stderr, as --debug does; stack: also print stack traces of unexpected errors.'],
  ['COLUMNS', 'Width of the terminal for tables, when it cannot be asked of the terminal.'],
  ['HOSTCTL_PAGER, PAGER', 'A pager for tables and records taller than the terminal, on a terminal only (HOSTCTL_PAGER wins; empty or "cat": none). It runs with LESS=FRX and LV=-c unless those are set.'],
  ['LINES', 'Height of the terminal (when output is taller, it goes through the pager), when it cannot be asked of the terminal.'],
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
    'The contexts and the name of the current one, with their tokens or the commands that print them (--token-command) (default: ~/.config/hostctl/config.json). Written with mode 0600; hostctl refuses to read it when other users may.',
  ],
  ['$XDG_DATA_HOME/hostctl', 'The default local state directory (default: ~/.local/share/hostctl): a SQLite database and bare git repositories.'],
];

/** How output is shaped: the text of `hostctl help formatting` and of the man page section. */
export const FORMATTING = `Output formats (-o, --output):
  table   for people (the default). On a terminal: aligned columns fitted to the
          terminal width (the widest column is cut with an ellipsis, lines never
          wrap), relative times ("3 hours ago"), "-" for nothing, "no results" for
          an empty list, state words in colour. Piped: one tab-separated row per
          item, no header, ISO 8601 times; tabs, newlines and backslashes in values
          are written as \\t, \\n and \\\\.
  json    the API's JSON, exactly (a list is one array, across pages with --all).
  jsonl   one JSON object per line (JSON lines), for streaming tools.
  yaml    the API's answer as YAML.
  csv     RFC 4180 comma-separated values with a header row of field names.

--fields a,b.c   keep only these fields (dotted paths reach into objects); with a
                 table or csv they become the columns.
--jq EXPR        filter the JSON form of the answer with jq (the jq language, built
                 in: no jq install needed). Strings print raw, other values as JSON
                 (compact when piped). With --all the expression sees every page as
                 one array.
--color WHEN     auto (the default: colour on a terminal), always or never. NO_COLOR
                 turns colour off, FORCE_COLOR on; --color always|never wins.
Paging           on a terminal, a table or record taller than the terminal goes through
                 HOSTCTL_PAGER (else PAGER) when one is set: HOSTCTL_PAGER="less -S"
                 keeps wide rows whole; HOSTCTL_PAGER= turns paging off.
--dry-run        commands that change something print the request they would send
                 (method, URL, body with secrets redacted) and send nothing.

Lists fetch one page (20 items) unless told otherwise: --limit N stops after N
items across pages (asking for pages of min(N, 100)); --all fetches every page;
--page N starts at page N (with --limit) or fetches only it; --page and --all
exclude each other. When more pages exist, a note on stderr says how to get them.
While --all or --limit fetches more than one page, a terminal's stderr shows the
rows fetched so far of the total the answer gives (not while rows go out through
a pipe, whose reader may print to the same terminal). Piped or
redirected, JSON, JSON lines, tab-separated rows and CSV (without --jq), and api
--paginate as the API sends it, are written a page at a time, so a list of any
length takes the memory of one page; should a later page fail, the command exits
non-zero after the rows before it (a JSON array left open). YAML, --jq and
tables on a terminal wait for every row.
`;

/** Which target and token a command uses: the end of `hostctl help environment`. */
export const PRECEDENCE = `Which instance and token a command uses, first match wins:
  target  --url, --state, --context; HOSTCTL_CONTEXT; HOSTCTL_URL; HOSTCTL_STATE;
          the current context; GITLAB_HOST (see below); the default local state.
  token   a context chosen by --context or HOSTCTL_CONTEXT keeps its own token;
          else HOSTCTL_TOKEN; else the chosen context's token; else the token of a
          context on the same URL or state directory.
A token only ever goes to the host it was configured for. glab's GITLAB_HOST and
GITLAB_TOKEN count only when none of the flags, HOSTCTL_CONTEXT, HOSTCTL_URL,
HOSTCTL_STATE, HOSTCTL_TOKEN or a current context is set; GITLAB_TOKEN then goes to
GITLAB_HOST and nowhere else. "hostctl context get" tells which target and token
won and why, and names glab variables that are set but ignored.
`;

/** Running a command once per record of a file: the text of `hostctl help bulk` and of the man page section. */
export const BULK = `Running a command once per record of a file (--from-file FILE):
Commands that create, change or remove one thing take --from-file ("hostctl
commands -o json" marks them from_file). FILE (- for standard input) holds:
  a JSON array of objects, JSON lines (one object per line), a YAML list, or
  plain lines of one value each (for the one argument the command line leaves
  out: "hostctl tokens revoke --from-file ids.txt --yes").
A list piped through --jq gives such lines: hostctl branches list -R acme/web
--all --jq '.[] | select(.merged) | .name' | hostctl branches delete -R acme/web
--from-file - --yes.
A record's keys are the command's arguments and flags, spelt as flags, in snake
or camel case (expires-at, expires_at, expiresAt), or as the API field the flag
sends (user_id, scopes); a switch takes true or false. Flags on the command line
apply to every record; a record's own value wins.

Every record is checked before the first one runs: an unknown key, a bad value
or a missing argument is a usage error naming the record and its line, and
nothing is sent (exit 2). A command that asks first asks once for the whole
file (--yes without a terminal). Records then run in order through one
client, or up to N at once with --parallel N (at most 16: for a remote target,
where each record waits on the network); one that fails does not stop the others
unless --fail-fast is given (the rest are reported as skipped), but a refused
token or an unreachable target stops the run. Nothing is prompted for.

The output is one result per record: item, line, status (ok, failed, skipped,
dry-run), exit_code, result (what the command would have shown: the record made,
or what it printed, such as a new token's secret), message, error (status,
message, hint, body), request (with --dry-run) and input (the record as given,
the values of secret-looking keys such as password or token shown as [REDACTED]).
The table shows item, status, result and message; stderr says "[3/50] ..." as
each record finishes, and with -o jsonl each result is written as its record
finishes (the other formats are one document, written at the end). The exit status is 0 when every record succeeded and 13
when any failed or was skipped. The failed ones again:
  hostctl tokens revoke --from-file ids.txt --yes -o json \\
    --jq '[.[] | select(.status != "ok") | .input]' > again.json
  hostctl tokens revoke --from-file again.json --yes
`;

export const HELP_TOPICS: Record<string, string> = {
  bulk: BULK,
  environment: `Environment variables:\n${ENVIRONMENT.map(([k, v]) => `  ${k}\n      ${v}`).join('\n')}\n\n${PRECEDENCE}`,
  formatting: FORMATTING,
};
