# bash completion for hostctl 0.1.0. Generated from the command tree by `npm run gen:docs`.
# Load it with: source <(hostctl completion bash)
# or save it as ~/.local/share/bash-completion/completions/hostctl

# The canonical noun for a word (aliases included), or nothing.
_hostctl_noun() {
  case "$1" in
    api) echo api ;;
    branches|branch) echo branches ;;
    commits|commit) echo commits ;;
    completion) echo completion ;;
    context|contexts) echo context ;;
    enterprise-users|enterprise-user) echo enterprise-users ;;
    error-tracking) echo error-tracking ;;
    freeze-periods|freeze-period) echo freeze-periods ;;
    groups|group) echo groups ;;
    init) echo init ;;
    members|member) echo members ;;
    milestones|milestone) echo milestones ;;
    notifications|notification) echo notifications ;;
    packages|package) echo packages ;;
    pipelines|pipeline) echo pipelines ;;
    projects|project) echo projects ;;
    protected-envs|protected-env) echo protected-envs ;;
    releases|release) echo releases ;;
    saml) echo saml ;;
    scim) echo scim ;;
    security-settings) echo security-settings ;;
    serve) echo serve ;;
    snippets|snippet) echo snippets ;;
    storage-moves|storage-move) echo storage-moves ;;
    storages|storage) echo storages ;;
    tags|tag) echo tags ;;
    tokens|token) echo tokens ;;
    users|user) echo users ;;
    wikis|wiki) echo wikis ;;
  esac
}

# The canonical verb for "NOUN WORD", or nothing.
_hostctl_verb() {
  case "$1 $2" in
    'branches create') echo create ;;
    'branches delete'|'branches rm') echo delete ;;
    'branches delete-merged') echo delete-merged ;;
    'branches get'|'branches view') echo get ;;
    'branches list'|'branches ls') echo list ;;
    'branches protect') echo protect ;;
    'branches unprotect') echo unprotect ;;
    'commits create') echo create ;;
    'commits get'|'commits view'|'commits show') echo get ;;
    'commits list'|'commits ls'|'commits log') echo list ;;
    'context add') echo add ;;
    'context list'|'context ls') echo list ;;
    'context remove'|'context rm'|'context delete') echo remove ;;
    'context show'|'context view') echo show ;;
    'context use'|'context switch') echo use ;;
    'enterprise-users disable-2fa') echo disable-2fa ;;
    'enterprise-users get'|'enterprise-users view') echo get ;;
    'enterprise-users list'|'enterprise-users ls') echo list ;;
    'error-tracking keys'|'error-tracking key') echo keys ;;
    'error-tracking settings') echo settings ;;
    'freeze-periods create') echo create ;;
    'freeze-periods delete'|'freeze-periods rm') echo delete ;;
    'freeze-periods get'|'freeze-periods view') echo get ;;
    'freeze-periods list'|'freeze-periods ls') echo list ;;
    'freeze-periods status') echo status ;;
    'freeze-periods update'|'freeze-periods edit') echo update ;;
    'groups create') echo create ;;
    'groups delete'|'groups rm') echo delete ;;
    'groups get'|'groups view') echo get ;;
    'groups list'|'groups ls') echo list ;;
    'groups update'|'groups edit') echo update ;;
    'members add') echo add ;;
    'members list'|'members ls') echo list ;;
    'members remove'|'members rm') echo remove ;;
    'members update'|'members edit') echo update ;;
    'milestones close') echo close ;;
    'milestones create') echo create ;;
    'milestones get'|'milestones view') echo get ;;
    'milestones list'|'milestones ls') echo list ;;
    'milestones update'|'milestones edit') echo update ;;
    'notifications get'|'notifications view') echo get ;;
    'notifications outbox') echo outbox ;;
    'notifications set'|'notifications update') echo set ;;
    'packages delete'|'packages rm') echo delete ;;
    'packages delete-file') echo delete-file ;;
    'packages download') echo download ;;
    'packages files') echo files ;;
    'packages get'|'packages view') echo get ;;
    'packages list'|'packages ls') echo list ;;
    'packages pipelines') echo pipelines ;;
    'packages protection') echo protection ;;
    'packages upload'|'packages publish') echo upload ;;
    'pipelines create') echo create ;;
    'pipelines get'|'pipelines view') echo get ;;
    'pipelines list'|'pipelines ls') echo list ;;
    'projects create') echo create ;;
    'projects delete'|'projects rm') echo delete ;;
    'projects get'|'projects view') echo get ;;
    'projects list'|'projects ls') echo list ;;
    'projects update'|'projects edit') echo update ;;
    'protected-envs get'|'protected-envs view') echo get ;;
    'protected-envs list'|'protected-envs ls') echo list ;;
    'protected-envs protect') echo protect ;;
    'protected-envs unprotect'|'protected-envs rm') echo unprotect ;;
    'protected-envs update'|'protected-envs edit') echo update ;;
    'releases create') echo create ;;
    'releases delete'|'releases rm') echo delete ;;
    'releases download') echo download ;;
    'releases evidence') echo evidence ;;
    'releases get'|'releases view') echo get ;;
    'releases latest') echo latest ;;
    'releases links'|'releases link') echo links ;;
    'releases list'|'releases ls') echo list ;;
    'releases update'|'releases edit') echo update ;;
    'saml configure') echo configure ;;
    'saml identities'|'saml identity') echo identities ;;
    'saml links'|'saml link') echo links ;;
    'saml show') echo show ;;
    'scim token') echo token ;;
    'security-settings get'|'security-settings view') echo get ;;
    'security-settings update'|'security-settings set') echo update ;;
    'snippets create') echo create ;;
    'snippets delete'|'snippets rm') echo delete ;;
    'snippets files') echo files ;;
    'snippets get'|'snippets view'|'snippets show') echo get ;;
    'snippets list'|'snippets ls') echo list ;;
    'snippets raw'|'snippets cat') echo raw ;;
    'snippets update'|'snippets edit') echo update ;;
    'storage-moves get'|'storage-moves view') echo get ;;
    'storage-moves list'|'storage-moves ls') echo list ;;
    'storage-moves schedule') echo schedule ;;
    'storages add') echo add ;;
    'storages list'|'storages ls') echo list ;;
    'storages remove'|'storages rm') echo remove ;;
    'tags create') echo create ;;
    'tags delete'|'tags rm') echo delete ;;
    'tags get'|'tags view') echo get ;;
    'tags list'|'tags ls') echo list ;;
    'tokens associations') echo associations ;;
    'tokens create') echo create ;;
    'tokens get'|'tokens view') echo get ;;
    'tokens list'|'tokens ls') echo list ;;
    'tokens revoke'|'tokens delete') echo revoke ;;
    'tokens rotate') echo rotate ;;
    'users block') echo block ;;
    'users create') echo create ;;
    'users delete'|'users rm') echo delete ;;
    'users get'|'users view') echo get ;;
    'users list'|'users ls') echo list ;;
    'users unblock') echo unblock ;;
    'users update'|'users edit') echo update ;;
    'wikis create') echo create ;;
    'wikis delete'|'wikis rm') echo delete ;;
    'wikis edit') echo edit ;;
    'wikis get'|'wikis view'|'wikis show') echo get ;;
    'wikis history'|'wikis log') echo history ;;
    'wikis list'|'wikis ls') echo list ;;
    'wikis update') echo update ;;
    'wikis upload') echo upload ;;
  esac
}

# Verbs of a noun (empty for nouns that are commands themselves).
_hostctl_verbs() {
  case "$1" in
    branches) echo 'create delete delete-merged get list protect unprotect' ;;
    commits) echo 'create get list' ;;
    context) echo 'add list remove show use' ;;
    enterprise-users) echo 'disable-2fa get list' ;;
    error-tracking) echo 'keys settings' ;;
    freeze-periods) echo 'create delete get list status update' ;;
    groups) echo 'create delete get list update' ;;
    members) echo 'add list remove update' ;;
    milestones) echo 'close create get list update' ;;
    notifications) echo 'get outbox set' ;;
    packages) echo 'delete delete-file download files get list pipelines protection upload' ;;
    pipelines) echo 'create get list' ;;
    projects) echo 'create delete get list update' ;;
    protected-envs) echo 'get list protect unprotect update' ;;
    releases) echo 'create delete download evidence get latest links list update' ;;
    saml) echo 'configure identities links show' ;;
    scim) echo 'token' ;;
    security-settings) echo 'get update' ;;
    snippets) echo 'create delete files get list raw update' ;;
    storage-moves) echo 'get list schedule' ;;
    storages) echo 'add list remove' ;;
    tags) echo 'create delete get list' ;;
    tokens) echo 'associations create get list revoke rotate' ;;
    users) echo 'block create delete get list unblock update' ;;
    wikis) echo 'create delete edit get history list update upload' ;;
  esac
}

# Own flags of "NOUN VERB" (VERB empty for single-command nouns).
_hostctl_flags() {
  case "$1 $2" in
    'api ') echo '-X --method -f --raw-field -F --field -H --header --paginate -i --include --silent --input' ;;
    'branches ') echo '' ;;
    'branches create') echo '-R --project --ref' ;;
    'branches delete') echo '-R --project' ;;
    'branches delete-merged') echo '-R --project' ;;
    'branches get') echo '-R --project' ;;
    'branches list') echo '-R --project --search --regex --sort --page --per-page --all --limit' ;;
    'branches protect') echo '-R --project --push --merge --unprotect --allow-force-push --code-owner-approval' ;;
    'branches unprotect') echo '-R --project' ;;
    'commits ') echo '' ;;
    'commits create') echo '-R --project --branch -m --message --add --delete --start-branch --start-sha --author-name --author-email --force' ;;
    'commits get') echo '-R --project --no-stats' ;;
    'commits list') echo '-R --project --ref --path --since --until --first-parent --stats --page --per-page --all --limit' ;;
    'completion ') echo '' ;;
    'context ') echo '' ;;
    'context add') echo '--token --token-stdin --use --force --no-verify' ;;
    'context list') echo '' ;;
    'context remove') echo '' ;;
    'context show') echo '' ;;
    'context use') echo '' ;;
    'enterprise-users ') echo '' ;;
    'enterprise-users disable-2fa') echo '' ;;
    'enterprise-users get') echo '' ;;
    'enterprise-users list') echo '--username --search --active --blocked --created-after --created-before --two-factor --page --per-page --all --limit' ;;
    'error-tracking ') echo '' ;;
    'error-tracking keys') echo '' ;;
    'error-tracking keys list') echo '-R --project --page --per-page --all --limit' ;;
    'error-tracking keys create') echo '-R --project' ;;
    'error-tracking keys delete') echo '-R --project' ;;
    'error-tracking settings') echo '' ;;
    'error-tracking settings get') echo '-R --project' ;;
    'error-tracking settings enable') echo '-R --project' ;;
    'error-tracking settings disable') echo '-R --project' ;;
    'freeze-periods ') echo '' ;;
    'freeze-periods create') echo '-R --project --start --end --timezone' ;;
    'freeze-periods delete') echo '-R --project' ;;
    'freeze-periods get') echo '-R --project' ;;
    'freeze-periods list') echo '-R --project --page --per-page --all --limit' ;;
    'freeze-periods status') echo '-R --project --at' ;;
    'freeze-periods update') echo '-R --project --start --end --timezone' ;;
    'groups ') echo '' ;;
    'groups create') echo '--name --path --parent --visibility --description' ;;
    'groups delete') echo '' ;;
    'groups get') echo '--with-projects' ;;
    'groups list') echo '--parent --descendants --search --top-level --owned --min-access-level --visibility --order-by --sort --page --per-page --all --limit' ;;
    'groups update') echo '--name --path --visibility --description' ;;
    'init ') echo '--root-token --tier --offering --storage --external-url --demo --context-name' ;;
    'members ') echo '' ;;
    'members add') echo '-R --project -g --group --user --access-level --expires-at' ;;
    'members list') echo '-R --project -g --group --inherited --query --page --per-page --all --limit' ;;
    'members remove') echo '-R --project -g --group --user' ;;
    'members update') echo '-R --project -g --group --user --access-level --expires-at' ;;
    'milestones ') echo '' ;;
    'milestones close') echo '-R --project -g --group' ;;
    'milestones create') echo '-R --project -g --group --title --description --start-date --due-date' ;;
    'milestones get') echo '-R --project -g --group' ;;
    'milestones list') echo '-R --project -g --group --active --closed --title --search --iid --with-parents --page --per-page --all --limit' ;;
    'milestones update') echo '-R --project -g --group --title --description --start-date --due-date --close --reopen' ;;
    'notifications ') echo '' ;;
    'notifications get') echo '-R --project -g --group' ;;
    'notifications outbox') echo '-R --project --user --event --page --per-page --all --limit' ;;
    'notifications set') echo '-R --project -g --group --level --on --off --email' ;;
    'packages ') echo '' ;;
    'packages delete') echo '-R --project' ;;
    'packages delete-file') echo '-R --project' ;;
    'packages download') echo '-R --project --name --package-version -O --output-file' ;;
    'packages files') echo '-R --project --order-by --sort --page --per-page --all --limit' ;;
    'packages get') echo '-R --project' ;;
    'packages list') echo '-R --project -g --group --type --name --package-version --versionless --status --order-by --sort --exclude-subgroups --page --per-page --all --limit' ;;
    'packages pipelines') echo '-R --project --page --per-page --all --limit' ;;
    'packages protection') echo '' ;;
    'packages protection list') echo '-R --project --page --per-page --all --limit' ;;
    'packages protection add') echo '-R --project --pattern --type --push --delete' ;;
    'packages protection update') echo '-R --project --pattern --type --push --delete' ;;
    'packages protection remove') echo '-R --project' ;;
    'packages upload') echo '-R --project --name --package-version --status --path' ;;
    'pipelines ') echo '' ;;
    'pipelines create') echo '-R --project --ref' ;;
    'pipelines get') echo '-R --project' ;;
    'pipelines list') echo '-R --project --ref --status --sort --page --per-page --all --limit' ;;
    'projects ') echo '' ;;
    'projects create') echo '--name --path --namespace -g --group --description --visibility --default-branch --readme --repository-storage' ;;
    'projects delete') echo '' ;;
    'projects get') echo '' ;;
    'projects list') echo '-g --group --include-subgroups --search --owned --membership --visibility --archived --no-archived --min-access-level --repository-storage --order-by --sort --page --per-page --all --limit' ;;
    'projects update') echo '--name --path --description --visibility --default-branch --repository-storage' ;;
    'protected-envs ') echo '' ;;
    'protected-envs get') echo '-g --group -R --project' ;;
    'protected-envs list') echo '-g --group -R --project --page --per-page --all --limit' ;;
    'protected-envs protect') echo '-g --group -R --project --deploy --approval' ;;
    'protected-envs unprotect') echo '-g --group -R --project' ;;
    'protected-envs update') echo '-g --group -R --project --deploy --approval --remove-deploy --remove-approval' ;;
    'releases ') echo '' ;;
    'releases create') echo '-R --project --tag --ref --tag-message --name --notes --notes-file --milestone --link --released-at' ;;
    'releases delete') echo '-R --project' ;;
    'releases download') echo '-R --project --asset --source -O --output-file' ;;
    'releases evidence') echo '-R --project --wait --timeout' ;;
    'releases get') echo '-R --project --html' ;;
    'releases latest') echo '-R --project --html' ;;
    'releases links') echo '' ;;
    'releases links list') echo '-R --project --page --per-page --all --limit' ;;
    'releases links add') echo '-R --project --name --link-url --path --type' ;;
    'releases links update') echo '-R --project --name --link-url --path --type' ;;
    'releases links delete') echo '-R --project' ;;
    'releases list') echo '-R --project -g --group --order-by --sort --html --page --per-page --all --limit' ;;
    'releases update') echo '-R --project --name --notes --notes-file --milestone --clear-milestones --released-at' ;;
    'saml ') echo '' ;;
    'saml configure') echo '--sso-url --fingerprint --default-role --enforced-sso --no-enforced-sso --enabled --disabled' ;;
    'saml identities') echo '' ;;
    'saml identities list') echo '--scim' ;;
    'saml identities get') echo '--scim' ;;
    'saml identities update') echo '--scim --extern-uid' ;;
    'saml identities delete') echo '--scim' ;;
    'saml links') echo '' ;;
    'saml links list') echo '' ;;
    'saml links get') echo '--provider' ;;
    'saml links create') echo '--provider -a --access-level --member-role' ;;
    'saml links delete') echo '--provider' ;;
    'saml show') echo '' ;;
    'scim ') echo '' ;;
    'scim token') echo '' ;;
    'security-settings ') echo '' ;;
    'security-settings get') echo '-R --project' ;;
    'security-settings update') echo '-R --project --secret-push-protection' ;;
    'serve ') echo '--host --port --external-url --trust-proxy' ;;
    'snippets ') echo '' ;;
    'snippets create') echo '-R --project --title --description --visibility --file --filename' ;;
    'snippets delete') echo '-R --project' ;;
    'snippets files') echo '-R --project' ;;
    'snippets get') echo '-R --project' ;;
    'snippets list') echo '-R --project --scope --created-after --created-before --storage --page --per-page --all --limit' ;;
    'snippets raw') echo '-R --project --file --ref' ;;
    'snippets update') echo '-R --project --title --description --visibility --add --remove --rename --replace --filename' ;;
    'storage-moves ') echo '' ;;
    'storage-moves get') echo '--kind' ;;
    'storage-moves list') echo '-R --project --snippet -g --group --kind --status --page --per-page --all --limit' ;;
    'storage-moves schedule') echo '--from --to --kind -R --project --snippet -g --group --wait --timeout --interval' ;;
    'storages ') echo '' ;;
    'storages add') echo '--weight' ;;
    'storages list') echo '' ;;
    'storages remove') echo '' ;;
    'tags ') echo '' ;;
    'tags create') echo '-R --project --ref -m --message' ;;
    'tags delete') echo '-R --project' ;;
    'tags get') echo '-R --project' ;;
    'tags list') echo '-R --project --search --order-by --sort --page --per-page --all --limit' ;;
    'tokens ') echo '' ;;
    'tokens associations') echo '--min-access-level --page --per-page --all --limit' ;;
    'tokens create') echo '--user --name --scope --expires-at --description' ;;
    'tokens get') echo '' ;;
    'tokens list') echo '--user --active --inactive --revoked --search --sort --created-after --created-before --expires-after --expires-before --last-used-after --last-used-before --page --per-page --all --limit' ;;
    'tokens revoke') echo '' ;;
    'tokens rotate') echo '--expires-at' ;;
    'users ') echo '' ;;
    'users block') echo '' ;;
    'users create') echo '--username --name --email --password --admin --no-admin --external --no-external --bio --organization --job-title --location --projects-limit --can-create-group --no-can-create-group --reset-password --send-confirmation' ;;
    'users delete') echo '--hard-delete' ;;
    'users get') echo '' ;;
    'users list') echo '--search --username --active --blocked --external --admins --created-after --created-before --order-by --sort --page --per-page --all --limit' ;;
    'users unblock') echo '' ;;
    'users update') echo '--username --name --email --password --admin --no-admin --external --no-external --bio --organization --job-title --location --projects-limit --can-create-group --no-can-create-group --two-factor' ;;
    'wikis ') echo '' ;;
    'wikis create') echo '-R --project -g --group --content --content-file --title --format' ;;
    'wikis delete') echo '-R --project -g --group' ;;
    'wikis edit') echo '-R --project -g --group' ;;
    'wikis get') echo '-R --project -g --group --at --html' ;;
    'wikis history') echo '-R --project -g --group' ;;
    'wikis list') echo '-R --project -g --group --with-content' ;;
    'wikis update') echo '-R --project -g --group --content --content-file --title --format' ;;
    'wikis upload') echo '-R --project -g --group --branch --filename' ;;
  esac
}

# Completes the value of option $3 of "NOUN VERB"; fails when it takes none.
_hostctl_value() {
  case "$1 $2" in
    'api ')
      case "$3" in
        -X|--method) COMPREPLY=(); return 0 ;;
        -f|--raw-field) COMPREPLY=(); return 0 ;;
        -F|--field) COMPREPLY=(); return 0 ;;
        -H|--header) COMPREPLY=(); return 0 ;;
        --input) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
      esac ;;
    'branches create')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --ref) COMPREPLY=(); return 0 ;;
      esac ;;
    'branches delete')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
      esac ;;
    'branches delete-merged')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
      esac ;;
    'branches get')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
      esac ;;
    'branches list')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --search) COMPREPLY=(); return 0 ;;
        --regex) COMPREPLY=(); return 0 ;;
        --sort) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'branches protect')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --push) COMPREPLY=(); return 0 ;;
        --merge) COMPREPLY=(); return 0 ;;
        --unprotect) COMPREPLY=(); return 0 ;;
      esac ;;
    'branches unprotect')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
      esac ;;
    'commits create')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --branch) COMPREPLY=(); return 0 ;;
        -m|--message) COMPREPLY=(); return 0 ;;
        --add) COMPREPLY=(); return 0 ;;
        --delete) COMPREPLY=(); return 0 ;;
        --start-branch) COMPREPLY=(); return 0 ;;
        --start-sha) COMPREPLY=(); return 0 ;;
        --author-name) COMPREPLY=(); return 0 ;;
        --author-email) COMPREPLY=(); return 0 ;;
      esac ;;
    'commits get')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
      esac ;;
    'commits list')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --ref) COMPREPLY=(); return 0 ;;
        --path) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --since) COMPREPLY=(); return 0 ;;
        --until) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'context add')
      case "$3" in
        --token) COMPREPLY=(); return 0 ;;
      esac ;;
    'enterprise-users list')
      case "$3" in
        --username) COMPREPLY=(); return 0 ;;
        --search) COMPREPLY=(); return 0 ;;
        --created-after) COMPREPLY=(); return 0 ;;
        --created-before) COMPREPLY=(); return 0 ;;
        --two-factor) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'error-tracking keys list')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'error-tracking keys create')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
      esac ;;
    'error-tracking keys delete')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
      esac ;;
    'error-tracking settings get')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
      esac ;;
    'error-tracking settings enable')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
      esac ;;
    'error-tracking settings disable')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
      esac ;;
    'freeze-periods create')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --start) COMPREPLY=(); return 0 ;;
        --end) COMPREPLY=(); return 0 ;;
        --timezone) COMPREPLY=(); return 0 ;;
      esac ;;
    'freeze-periods delete')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
      esac ;;
    'freeze-periods get')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
      esac ;;
    'freeze-periods list')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'freeze-periods status')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --at) COMPREPLY=(); return 0 ;;
      esac ;;
    'freeze-periods update')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --start) COMPREPLY=(); return 0 ;;
        --end) COMPREPLY=(); return 0 ;;
        --timezone) COMPREPLY=(); return 0 ;;
      esac ;;
    'groups create')
      case "$3" in
        --name) COMPREPLY=(); return 0 ;;
        --path) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parent) COMPREPLY=(); return 0 ;;
        --visibility) COMPREPLY=(); return 0 ;;
        --description) COMPREPLY=(); return 0 ;;
      esac ;;
    'groups list')
      case "$3" in
        --parent) COMPREPLY=(); return 0 ;;
        --search) COMPREPLY=(); return 0 ;;
        --min-access-level) COMPREPLY=(); return 0 ;;
        --visibility) COMPREPLY=(); return 0 ;;
        --order-by) COMPREPLY=(); return 0 ;;
        --sort) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'groups update')
      case "$3" in
        --name) COMPREPLY=(); return 0 ;;
        --path) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --visibility) COMPREPLY=(); return 0 ;;
        --description) COMPREPLY=(); return 0 ;;
      esac ;;
    'init ')
      case "$3" in
        --root-token) COMPREPLY=(); return 0 ;;
        --tier) COMPREPLY=(); return 0 ;;
        --offering) COMPREPLY=(); return 0 ;;
        --storage) COMPREPLY=(); return 0 ;;
        --external-url) COMPREPLY=(); return 0 ;;
        --context-name) COMPREPLY=(); return 0 ;;
      esac ;;
    'members add')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        -g|--group) COMPREPLY=(); return 0 ;;
        --user) COMPREPLY=(); return 0 ;;
        --access-level) COMPREPLY=(); return 0 ;;
        --expires-at) COMPREPLY=(); return 0 ;;
      esac ;;
    'members list')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        -g|--group) COMPREPLY=(); return 0 ;;
        --query) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'members remove')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        -g|--group) COMPREPLY=(); return 0 ;;
        --user) COMPREPLY=(); return 0 ;;
      esac ;;
    'members update')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        -g|--group) COMPREPLY=(); return 0 ;;
        --user) COMPREPLY=(); return 0 ;;
        --access-level) COMPREPLY=(); return 0 ;;
        --expires-at) COMPREPLY=(); return 0 ;;
      esac ;;
    'milestones close')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        -g|--group) COMPREPLY=(); return 0 ;;
      esac ;;
    'milestones create')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        -g|--group) COMPREPLY=(); return 0 ;;
        --title) COMPREPLY=(); return 0 ;;
        --description) COMPREPLY=(); return 0 ;;
        --start-date) COMPREPLY=(); return 0 ;;
        --due-date) COMPREPLY=(); return 0 ;;
      esac ;;
    'milestones get')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        -g|--group) COMPREPLY=(); return 0 ;;
      esac ;;
    'milestones list')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        -g|--group) COMPREPLY=(); return 0 ;;
        --title) COMPREPLY=(); return 0 ;;
        --search) COMPREPLY=(); return 0 ;;
        --iid) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'milestones update')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        -g|--group) COMPREPLY=(); return 0 ;;
        --title) COMPREPLY=(); return 0 ;;
        --description) COMPREPLY=(); return 0 ;;
        --start-date) COMPREPLY=(); return 0 ;;
        --due-date) COMPREPLY=(); return 0 ;;
      esac ;;
    'notifications get')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        -g|--group) COMPREPLY=(); return 0 ;;
      esac ;;
    'notifications outbox')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --user) COMPREPLY=(); return 0 ;;
        --event) COMPREPLY=($(compgen -W 'new_release moved_project' -- "$cur")); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'notifications set')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        -g|--group) COMPREPLY=(); return 0 ;;
        --level) COMPREPLY=($(compgen -W 'disabled participating watch global mention custom' -- "$cur")); return 0 ;;
        --on) COMPREPLY=($(compgen -W 'new_release new_note new_issue reopen_issue close_issue reassign_issue issue_due new_merge_request push_to_merge_request reopen_merge_request close_merge_request reassign_merge_request change_reviewer_merge_request merge_merge_request failed_pipeline fixed_pipeline success_pipeline moved_project merge_when_pipeline_succeeds new_epic approver' -- "$cur")); return 0 ;;
        --off) COMPREPLY=($(compgen -W 'new_release new_note new_issue reopen_issue close_issue reassign_issue issue_due new_merge_request push_to_merge_request reopen_merge_request close_merge_request reassign_merge_request change_reviewer_merge_request merge_merge_request failed_pipeline fixed_pipeline success_pipeline moved_project merge_when_pipeline_succeeds new_epic approver' -- "$cur")); return 0 ;;
        --email) COMPREPLY=(); return 0 ;;
      esac ;;
    'packages delete')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
      esac ;;
    'packages delete-file')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
      esac ;;
    'packages download')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --name) COMPREPLY=(); return 0 ;;
        --package-version) COMPREPLY=(); return 0 ;;
        -O|--output-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
      esac ;;
    'packages files')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --order-by) COMPREPLY=(); return 0 ;;
        --sort) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'packages get')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
      esac ;;
    'packages list')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        -g|--group) COMPREPLY=(); return 0 ;;
        --type) COMPREPLY=(); return 0 ;;
        --name) COMPREPLY=(); return 0 ;;
        --package-version) COMPREPLY=(); return 0 ;;
        --status) COMPREPLY=(); return 0 ;;
        --order-by) COMPREPLY=(); return 0 ;;
        --sort) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'packages pipelines')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'packages protection list')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'packages protection add')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --pattern) COMPREPLY=(); return 0 ;;
        --type) COMPREPLY=(); return 0 ;;
        --push) COMPREPLY=(); return 0 ;;
        --delete) COMPREPLY=(); return 0 ;;
      esac ;;
    'packages protection update')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --pattern) COMPREPLY=(); return 0 ;;
        --type) COMPREPLY=(); return 0 ;;
        --push) COMPREPLY=(); return 0 ;;
        --delete) COMPREPLY=(); return 0 ;;
      esac ;;
    'packages protection remove')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
      esac ;;
    'packages upload')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --name) COMPREPLY=(); return 0 ;;
        --package-version) COMPREPLY=(); return 0 ;;
        --status) COMPREPLY=(); return 0 ;;
        --path) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")); return 0 ;;
      esac ;;
    'pipelines create')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --ref) COMPREPLY=(); return 0 ;;
      esac ;;
    'pipelines get')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
      esac ;;
    'pipelines list')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --ref) COMPREPLY=(); return 0 ;;
        --status) COMPREPLY=(); return 0 ;;
        --sort) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'projects create')
      case "$3" in
        --name) COMPREPLY=(); return 0 ;;
        --path) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --namespace) COMPREPLY=(); return 0 ;;
        -g|--group) COMPREPLY=(); return 0 ;;
        --description) COMPREPLY=(); return 0 ;;
        --visibility) COMPREPLY=(); return 0 ;;
        --default-branch) COMPREPLY=(); return 0 ;;
        --repository-storage) COMPREPLY=(); return 0 ;;
      esac ;;
    'projects list')
      case "$3" in
        -g|--group) COMPREPLY=(); return 0 ;;
        --search) COMPREPLY=(); return 0 ;;
        --visibility) COMPREPLY=(); return 0 ;;
        --min-access-level) COMPREPLY=(); return 0 ;;
        --repository-storage) COMPREPLY=(); return 0 ;;
        --order-by) COMPREPLY=(); return 0 ;;
        --sort) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'projects update')
      case "$3" in
        --name) COMPREPLY=(); return 0 ;;
        --path) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --description) COMPREPLY=(); return 0 ;;
        --visibility) COMPREPLY=(); return 0 ;;
        --default-branch) COMPREPLY=(); return 0 ;;
        --repository-storage) COMPREPLY=(); return 0 ;;
      esac ;;
    'protected-envs get')
      case "$3" in
        -g|--group) COMPREPLY=(); return 0 ;;
        -R|--project) COMPREPLY=(); return 0 ;;
      esac ;;
    'protected-envs list')
      case "$3" in
        -g|--group) COMPREPLY=(); return 0 ;;
        -R|--project) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'protected-envs protect')
      case "$3" in
        -g|--group) COMPREPLY=(); return 0 ;;
        -R|--project) COMPREPLY=(); return 0 ;;
        --deploy) COMPREPLY=(); return 0 ;;
        --approval) COMPREPLY=(); return 0 ;;
      esac ;;
    'protected-envs unprotect')
      case "$3" in
        -g|--group) COMPREPLY=(); return 0 ;;
        -R|--project) COMPREPLY=(); return 0 ;;
      esac ;;
    'protected-envs update')
      case "$3" in
        -g|--group) COMPREPLY=(); return 0 ;;
        -R|--project) COMPREPLY=(); return 0 ;;
        --deploy) COMPREPLY=(); return 0 ;;
        --approval) COMPREPLY=(); return 0 ;;
        --remove-deploy) COMPREPLY=(); return 0 ;;
        --remove-approval) COMPREPLY=(); return 0 ;;
      esac ;;
    'releases create')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --tag) COMPREPLY=(); return 0 ;;
        --ref) COMPREPLY=(); return 0 ;;
        --tag-message) COMPREPLY=(); return 0 ;;
        --name) COMPREPLY=(); return 0 ;;
        --notes) COMPREPLY=(); return 0 ;;
        --notes-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --milestone) COMPREPLY=(); return 0 ;;
        --link) COMPREPLY=(); return 0 ;;
        --released-at) COMPREPLY=(); return 0 ;;
      esac ;;
    'releases delete')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
      esac ;;
    'releases download')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --asset) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --source) COMPREPLY=(); return 0 ;;
        -O|--output-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
      esac ;;
    'releases evidence')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --timeout) COMPREPLY=(); return 0 ;;
      esac ;;
    'releases get')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
      esac ;;
    'releases latest')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
      esac ;;
    'releases links list')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'releases links add')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --name) COMPREPLY=(); return 0 ;;
        --link-url) COMPREPLY=(); return 0 ;;
        --path) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --type) COMPREPLY=(); return 0 ;;
      esac ;;
    'releases links update')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --name) COMPREPLY=(); return 0 ;;
        --link-url) COMPREPLY=(); return 0 ;;
        --path) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --type) COMPREPLY=(); return 0 ;;
      esac ;;
    'releases links delete')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
      esac ;;
    'releases list')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        -g|--group) COMPREPLY=(); return 0 ;;
        --order-by) COMPREPLY=(); return 0 ;;
        --sort) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'releases update')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --name) COMPREPLY=(); return 0 ;;
        --notes) COMPREPLY=(); return 0 ;;
        --notes-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --milestone) COMPREPLY=(); return 0 ;;
        --released-at) COMPREPLY=(); return 0 ;;
      esac ;;
    'saml configure')
      case "$3" in
        --sso-url) COMPREPLY=(); return 0 ;;
        --fingerprint) COMPREPLY=(); return 0 ;;
        --default-role) COMPREPLY=(); return 0 ;;
      esac ;;
    'saml identities update')
      case "$3" in
        --extern-uid) COMPREPLY=(); return 0 ;;
      esac ;;
    'saml links get')
      case "$3" in
        --provider) COMPREPLY=(); return 0 ;;
      esac ;;
    'saml links create')
      case "$3" in
        --provider) COMPREPLY=(); return 0 ;;
        -a|--access-level) COMPREPLY=(); return 0 ;;
        --member-role) COMPREPLY=(); return 0 ;;
      esac ;;
    'saml links delete')
      case "$3" in
        --provider) COMPREPLY=(); return 0 ;;
      esac ;;
    'security-settings get')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
      esac ;;
    'security-settings update')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --secret-push-protection) COMPREPLY=($(compgen -W 'on off' -- "$cur")); return 0 ;;
      esac ;;
    'serve ')
      case "$3" in
        --host) COMPREPLY=(); return 0 ;;
        --port) COMPREPLY=(); return 0 ;;
        --external-url) COMPREPLY=(); return 0 ;;
      esac ;;
    'snippets create')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --title) COMPREPLY=(); return 0 ;;
        --description) COMPREPLY=(); return 0 ;;
        --visibility) COMPREPLY=(); return 0 ;;
        --file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --filename) COMPREPLY=(); return 0 ;;
      esac ;;
    'snippets delete')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
      esac ;;
    'snippets files')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
      esac ;;
    'snippets get')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
      esac ;;
    'snippets list')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --scope) COMPREPLY=(); return 0 ;;
        --created-after) COMPREPLY=(); return 0 ;;
        --created-before) COMPREPLY=(); return 0 ;;
        --storage) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'snippets raw')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --ref) COMPREPLY=(); return 0 ;;
      esac ;;
    'snippets update')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --title) COMPREPLY=(); return 0 ;;
        --description) COMPREPLY=(); return 0 ;;
        --visibility) COMPREPLY=(); return 0 ;;
        --add) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --remove) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --rename) COMPREPLY=(); return 0 ;;
        --replace) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --filename) COMPREPLY=(); return 0 ;;
      esac ;;
    'storage-moves get')
      case "$3" in
        --kind) COMPREPLY=(); return 0 ;;
      esac ;;
    'storage-moves list')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --snippet) COMPREPLY=(); return 0 ;;
        -g|--group) COMPREPLY=(); return 0 ;;
        --kind) COMPREPLY=(); return 0 ;;
        --status) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'storage-moves schedule')
      case "$3" in
        --from) COMPREPLY=(); return 0 ;;
        --to) COMPREPLY=(); return 0 ;;
        --kind) COMPREPLY=(); return 0 ;;
        -R|--project) COMPREPLY=(); return 0 ;;
        --snippet) COMPREPLY=(); return 0 ;;
        -g|--group) COMPREPLY=(); return 0 ;;
        --timeout) COMPREPLY=(); return 0 ;;
        --interval) COMPREPLY=(); return 0 ;;
      esac ;;
    'storages add')
      case "$3" in
        --weight) COMPREPLY=(); return 0 ;;
      esac ;;
    'tags create')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --ref) COMPREPLY=(); return 0 ;;
        -m|--message) COMPREPLY=(); return 0 ;;
      esac ;;
    'tags delete')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
      esac ;;
    'tags get')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
      esac ;;
    'tags list')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        --search) COMPREPLY=(); return 0 ;;
        --order-by) COMPREPLY=(); return 0 ;;
        --sort) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'tokens associations')
      case "$3" in
        --min-access-level) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'tokens create')
      case "$3" in
        --user) COMPREPLY=(); return 0 ;;
        --name) COMPREPLY=(); return 0 ;;
        --scope) COMPREPLY=(); return 0 ;;
        --expires-at) COMPREPLY=(); return 0 ;;
        --description) COMPREPLY=(); return 0 ;;
      esac ;;
    'tokens list')
      case "$3" in
        --user) COMPREPLY=(); return 0 ;;
        --search) COMPREPLY=(); return 0 ;;
        --sort) COMPREPLY=(); return 0 ;;
        --created-after) COMPREPLY=(); return 0 ;;
        --created-before) COMPREPLY=(); return 0 ;;
        --expires-after) COMPREPLY=(); return 0 ;;
        --expires-before) COMPREPLY=(); return 0 ;;
        --last-used-after) COMPREPLY=(); return 0 ;;
        --last-used-before) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'tokens rotate')
      case "$3" in
        --expires-at) COMPREPLY=(); return 0 ;;
      esac ;;
    'users create')
      case "$3" in
        --username) COMPREPLY=(); return 0 ;;
        --name) COMPREPLY=(); return 0 ;;
        --email) COMPREPLY=(); return 0 ;;
        --password) COMPREPLY=(); return 0 ;;
        --bio) COMPREPLY=(); return 0 ;;
        --organization) COMPREPLY=(); return 0 ;;
        --job-title) COMPREPLY=(); return 0 ;;
        --location) COMPREPLY=(); return 0 ;;
        --projects-limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'users list')
      case "$3" in
        --search) COMPREPLY=(); return 0 ;;
        --username) COMPREPLY=(); return 0 ;;
        --created-after) COMPREPLY=(); return 0 ;;
        --created-before) COMPREPLY=(); return 0 ;;
        --order-by) COMPREPLY=(); return 0 ;;
        --sort) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'users update')
      case "$3" in
        --username) COMPREPLY=(); return 0 ;;
        --name) COMPREPLY=(); return 0 ;;
        --email) COMPREPLY=(); return 0 ;;
        --password) COMPREPLY=(); return 0 ;;
        --bio) COMPREPLY=(); return 0 ;;
        --organization) COMPREPLY=(); return 0 ;;
        --job-title) COMPREPLY=(); return 0 ;;
        --location) COMPREPLY=(); return 0 ;;
        --projects-limit) COMPREPLY=(); return 0 ;;
        --two-factor) COMPREPLY=(); return 0 ;;
      esac ;;
    'wikis create')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        -g|--group) COMPREPLY=(); return 0 ;;
        --content) COMPREPLY=(); return 0 ;;
        --content-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --title) COMPREPLY=(); return 0 ;;
        --format) COMPREPLY=(); return 0 ;;
      esac ;;
    'wikis delete')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        -g|--group) COMPREPLY=(); return 0 ;;
      esac ;;
    'wikis edit')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        -g|--group) COMPREPLY=(); return 0 ;;
      esac ;;
    'wikis get')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        -g|--group) COMPREPLY=(); return 0 ;;
        --at) COMPREPLY=(); return 0 ;;
      esac ;;
    'wikis history')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        -g|--group) COMPREPLY=(); return 0 ;;
      esac ;;
    'wikis list')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        -g|--group) COMPREPLY=(); return 0 ;;
      esac ;;
    'wikis update')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        -g|--group) COMPREPLY=(); return 0 ;;
        --content) COMPREPLY=(); return 0 ;;
        --content-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --title) COMPREPLY=(); return 0 ;;
        --format) COMPREPLY=(); return 0 ;;
      esac ;;
    'wikis upload')
      case "$3" in
        -R|--project) COMPREPLY=(); return 0 ;;
        -g|--group) COMPREPLY=(); return 0 ;;
        --branch) COMPREPLY=(); return 0 ;;
        --filename) COMPREPLY=(); return 0 ;;
      esac ;;
  esac
  case "$3" in
    -o|--output) COMPREPLY=($(compgen -W 'table json yaml' -- "$cur")); return 0 ;;
    --fields) COMPREPLY=(); return 0 ;;
    --context) COMPREPLY=($(compgen -W "$("${COMP_WORDS[0]}" context list --fields name --no-input 2>/dev/null)" -- "$cur")); return 0 ;;
    --state) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")); return 0 ;;
    --url) COMPREPLY=(); return 0 ;;
    --sudo) COMPREPLY=(); return 0 ;;
  esac
  return 1
}

# Completes positional arguments that have fixed values.
_hostctl_args() {
  case "$1 $2" in
    'completion ') COMPREPLY=($(compgen -W 'bash zsh fish' -- "$cur")) ;;
  esac
}

_hostctl() {
  local cur="${COMP_WORDS[COMP_CWORD]}" prev="" noun="" verb="" w i
  ((COMP_CWORD > 0)) && prev="${COMP_WORDS[COMP_CWORD-1]}"
  COMPREPLY=()
  # Walk the words before the cursor: skip options and their values, find noun and verb.
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="${COMP_WORDS[i]}"
    case "$w" in
      --access-level|--add|--approval|--asset|--at|--author-email|--author-name|--bio|--branch|--content|--content-file|--context|--context-name|--created-after|--created-before|--default-branch|--default-role|--delete|--deploy|--description|--due-date|--email|--end|--event|--expires-after|--expires-at|--expires-before|--extern-uid|--external-url|--field|--fields|--file|--filename|--fingerprint|--format|--from|--group|--header|--host|--iid|--input|--interval|--job-title|--kind|--last-used-after|--last-used-before|--level|--limit|--link|--link-url|--location|--member-role|--merge|--message|--method|--milestone|--min-access-level|--name|--namespace|--notes|--notes-file|--off|--offering|--on|--order-by|--organization|--output|--output-file|--package-version|--page|--parent|--password|--path|--pattern|--per-page|--port|--project|--projects-limit|--provider|--push|--query|--raw-field|--ref|--regex|--released-at|--remove|--remove-approval|--remove-deploy|--rename|--replace|--repository-storage|--root-token|--scope|--search|--secret-push-protection|--since|--snippet|--sort|--source|--sso-url|--start|--start-branch|--start-date|--start-sha|--state|--status|--storage|--sudo|--tag|--tag-message|--tier|--timeout|--timezone|--title|--to|--token|--two-factor|--type|--unprotect|--until|--url|--user|--username|--visibility|--weight|-F|-H|-O|-R|-X|-a|-f|-g|-m|-o)
        ((i++))
        [[ "${COMP_WORDS[i]}" == "=" ]] && ((i++))
        continue ;;
      -*|=) continue ;;
    esac
    if [[ -z "$noun" ]]; then
      noun="$(_hostctl_noun "$w")"
      [[ -z "$noun" ]] && noun="$w"
    elif [[ -z "$verb" && -n "$(_hostctl_verbs "$noun")" ]]; then
      verb="$(_hostctl_verb "$noun" "$w")"
      [[ -z "$verb" ]] && verb="$w"
    fi
  done
  # --opt=value is split at "=" by bash.
  local opt="$prev"
  if [[ "$cur" == "=" ]]; then cur=""; elif [[ "$prev" == "=" ]] && ((COMP_CWORD > 1)); then opt="${COMP_WORDS[COMP_CWORD-2]}"; fi
  if [[ "$opt" == -* ]] && _hostctl_value "$noun" "$verb" "$opt"; then return 0; fi
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$(_hostctl_flags "$noun" "$verb") -V --version -o --output --fields --context --state --url --sudo --no-input -y --yes --no-color --debug -h --help" -- "$cur"))
    return 0
  fi
  if [[ -z "$noun" ]]; then
    COMPREPLY=($(compgen -W 'api branches commits completion context enterprise-users error-tracking freeze-periods groups init members milestones notifications packages pipelines projects protected-envs releases saml scim security-settings serve snippets storage-moves storages tags tokens users wikis help' -- "$cur"))
  elif [[ "$noun" == help ]]; then
    [[ -z "$verb" ]] && COMPREPLY=($(compgen -W 'api branches commits completion context enterprise-users error-tracking freeze-periods groups init members milestones notifications packages pipelines projects protected-envs releases saml scim security-settings serve snippets storage-moves storages tags tokens users wikis' -- "$cur"))
  elif [[ -z "$verb" && -n "$(_hostctl_verbs "$noun")" ]]; then
    COMPREPLY=($(compgen -W "$(_hostctl_verbs "$noun")" -- "$cur"))
  else
    _hostctl_args "$noun" "$verb"
  fi
  return 0
}

complete -F _hostctl hostctl
