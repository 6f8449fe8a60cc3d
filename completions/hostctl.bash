# bash completion for hostctl 0.1.0. Generated from the command tree by `npm run gen:docs`.
# Load it with: source <(hostctl completion bash), or: hostctl completion install
# or save it as ~/.local/share/bash-completion/completions/hostctl

# The canonical name of word $2 under command path $1 (aliases included), or nothing.
_hostctl_sub() {
  case "$1|$2" in
    '|api') echo api ;;
    '|auth') echo auth ;;
    'auth|status'|'auth|whoami') echo status ;;
    '|branches'|'|branch') echo branches ;;
    'branches|create') echo create ;;
    'branches|delete'|'branches|rm') echo delete ;;
    'branches|delete-merged') echo delete-merged ;;
    'branches|get'|'branches|view') echo get ;;
    'branches|list'|'branches|ls') echo list ;;
    'branches|protect') echo protect ;;
    'branches|protections'|'branches|protection') echo protections ;;
    'branches protections|list'|'branches protections|ls') echo list ;;
    'branches protections|get'|'branches protections|view') echo get ;;
    'branches protections|update'|'branches protections|edit') echo update ;;
    'branches|unprotect') echo unprotect ;;
    '|commits'|'|commit') echo commits ;;
    'commits|create') echo create ;;
    'commits|get'|'commits|view'|'commits|show') echo get ;;
    'commits|list'|'commits|ls'|'commits|log') echo list ;;
    '|completion') echo completion ;;
    '|context'|'|contexts') echo context ;;
    'context|add') echo add ;;
    'context|list'|'context|ls') echo list ;;
    'context|remove'|'context|rm'|'context|delete') echo remove ;;
    'context|show'|'context|view') echo show ;;
    'context|use'|'context|switch') echo use ;;
    '|groups'|'|group') echo groups ;;
    'groups|create') echo create ;;
    'groups|delete'|'groups|rm') echo delete ;;
    'groups|get'|'groups|view') echo get ;;
    'groups|list'|'groups|ls') echo list ;;
    'groups|update'|'groups|edit') echo update ;;
    '|init') echo init ;;
    '|members'|'|member') echo members ;;
    'members|add') echo add ;;
    'members|list'|'members|ls') echo list ;;
    'members|remove'|'members|rm') echo remove ;;
    'members|update'|'members|edit') echo update ;;
    '|milestones'|'|milestone') echo milestones ;;
    'milestones|close') echo close ;;
    'milestones|create') echo create ;;
    'milestones|get'|'milestones|view') echo get ;;
    'milestones|list'|'milestones|ls') echo list ;;
    'milestones|update'|'milestones|edit') echo update ;;
    '|projects'|'|project') echo projects ;;
    'projects|archive') echo archive ;;
    'projects|create') echo create ;;
    'projects|delete'|'projects|rm') echo delete ;;
    'projects|get'|'projects|view') echo get ;;
    'projects|list'|'projects|ls') echo list ;;
    'projects|transfer') echo transfer ;;
    'projects|unarchive') echo unarchive ;;
    'projects|update'|'projects|edit') echo update ;;
    '|releases'|'|release') echo releases ;;
    'releases|create') echo create ;;
    'releases|delete'|'releases|rm') echo delete ;;
    'releases|download') echo download ;;
    'releases|evidence') echo evidence ;;
    'releases|get'|'releases|view') echo get ;;
    'releases|latest') echo latest ;;
    'releases|links'|'releases|link') echo links ;;
    'releases links|list'|'releases links|ls') echo list ;;
    'releases links|add'|'releases links|create') echo add ;;
    'releases links|update'|'releases links|edit') echo update ;;
    'releases links|delete'|'releases links|rm') echo delete ;;
    'releases|list'|'releases|ls') echo list ;;
    'releases|update'|'releases|edit') echo update ;;
    'releases|upload') echo upload ;;
    '|serve') echo serve ;;
    '|tags'|'|tag') echo tags ;;
    'tags|create') echo create ;;
    'tags|delete'|'tags|rm') echo delete ;;
    'tags|get'|'tags|view') echo get ;;
    'tags|list'|'tags|ls') echo list ;;
    '|tokens'|'|token') echo tokens ;;
    'tokens|associations') echo associations ;;
    'tokens|create') echo create ;;
    'tokens|get'|'tokens|view') echo get ;;
    'tokens|list'|'tokens|ls') echo list ;;
    'tokens|revoke'|'tokens|delete') echo revoke ;;
    'tokens|rotate') echo rotate ;;
    '|users'|'|user') echo users ;;
    'users|block') echo block ;;
    'users|create') echo create ;;
    'users|delete'|'users|rm') echo delete ;;
    'users|get'|'users|view') echo get ;;
    'users|list'|'users|ls') echo list ;;
    'users|unblock') echo unblock ;;
    'users|update'|'users|edit') echo update ;;
    '|whoami') echo whoami ;;
  esac
}

# The subcommands of command path $1 (the nouns for the empty path).
_hostctl_children() {
  case "$1" in
    '') echo 'api auth branches commits completion context groups init members milestones projects releases serve tags tokens users whoami help' ;;
    'auth') echo 'status' ;;
    'branches') echo 'create delete delete-merged get list protect protections unprotect' ;;
    'branches protections') echo 'list get update' ;;
    'commits') echo 'create get list' ;;
    'context') echo 'add list remove show use' ;;
    'groups') echo 'create delete get list update' ;;
    'members') echo 'add list remove update' ;;
    'milestones') echo 'close create get list update' ;;
    'projects') echo 'archive create delete get list transfer unarchive update' ;;
    'releases') echo 'create delete download evidence get latest links list update upload' ;;
    'releases links') echo 'list add update delete' ;;
    'tags') echo 'create delete get list' ;;
    'tokens') echo 'associations create get list revoke rotate' ;;
    'users') echo 'block create delete get list unblock update' ;;
  esac
}

# Own flags of command path $1.
_hostctl_flags() {
  case "$1" in
    'api') echo '-X --method -f --raw-field -F --field -H --header --paginate -i --include --silent --input' ;;
    'auth') echo '' ;;
    'auth status') echo '' ;;
    'branches') echo '' ;;
    'branches create') echo '-R --project --ref' ;;
    'branches delete') echo '-R --project' ;;
    'branches delete-merged') echo '-R --project' ;;
    'branches get') echo '-R --project' ;;
    'branches list') echo '-R --project --sort --search --regex --page --per-page --all --limit' ;;
    'branches protect') echo '-R --project --push --merge --unprotect --allow-force-push --code-owner-approval' ;;
    'branches protections') echo '' ;;
    'branches protections list') echo '-R --project --search --page --per-page --all --limit' ;;
    'branches protections get') echo '-R --project' ;;
    'branches protections update') echo '-R --project --push --merge --unprotect --allow-force-push --no-allow-force-push --code-owner-approval --no-code-owner-approval' ;;
    'branches unprotect') echo '-R --project' ;;
    'commits') echo '' ;;
    'commits create') echo '-R --project --branch -m --message --add --delete --start-branch --start-sha --author-name --author-email --force' ;;
    'commits get') echo '-R --project --no-stats' ;;
    'commits list') echo '-R --project --ref --path --since --until --first-parent --stats --page --per-page --all --limit' ;;
    'completion') echo '' ;;
    'context') echo '' ;;
    'context add') echo '--token --token-stdin --use --force --no-verify' ;;
    'context list') echo '' ;;
    'context remove') echo '' ;;
    'context show') echo '' ;;
    'context use') echo '' ;;
    'groups') echo '' ;;
    'groups create') echo '--name --path -g --group --visibility --description' ;;
    'groups delete') echo '' ;;
    'groups get') echo '--with-projects' ;;
    'groups list') echo '--sort -g --group --descendants --search --top-level --owned --min-access-level --visibility --page --per-page --all --limit' ;;
    'groups update') echo '--name --path --visibility --description' ;;
    'init') echo '--root-token --tier --offering --storage --external-url --demo --context-name --recover-token' ;;
    'members') echo '' ;;
    'members add') echo '-R --project -g --group --user --access-level --expires-at' ;;
    'members list') echo '-R --project -g --group --inherited --search --page --per-page --all --limit' ;;
    'members remove') echo '-R --project -g --group --user' ;;
    'members update') echo '-R --project -g --group --user --access-level --expires-at' ;;
    'milestones') echo '' ;;
    'milestones close') echo '-R --project -g --group' ;;
    'milestones create') echo '-R --project -g --group --title --description --start-date --due-date' ;;
    'milestones get') echo '-R --project -g --group' ;;
    'milestones list') echo '-R --project -g --group --active --closed --title --search --iid --with-parents --page --per-page --all --limit' ;;
    'milestones update') echo '-R --project -g --group --title --description --start-date --due-date --close --reopen' ;;
    'projects') echo '' ;;
    'projects archive') echo '' ;;
    'projects create') echo '--name --path --namespace -g --group --description --visibility --default-branch --readme --repository-storage' ;;
    'projects delete') echo '' ;;
    'projects get') echo '--statistics' ;;
    'projects list') echo '--sort -g --group --include-subgroups --search --owned --membership --visibility --archived --no-archived --min-access-level --repository-storage --statistics --page --per-page --all --limit' ;;
    'projects transfer') echo '-g --group --namespace' ;;
    'projects unarchive') echo '' ;;
    'projects update') echo '--name --path --description --visibility --default-branch --repository-storage' ;;
    'releases') echo '' ;;
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
    'releases list') echo '-R --project --sort -g --group --html --page --per-page --all --limit' ;;
    'releases update') echo '-R --project --name --notes --notes-file --milestone --clear-milestones --released-at' ;;
    'releases upload') echo '-R --project --type' ;;
    'serve') echo '--host --port' ;;
    'tags') echo '' ;;
    'tags create') echo '-R --project --ref -m --message' ;;
    'tags delete') echo '-R --project' ;;
    'tags get') echo '-R --project' ;;
    'tags list') echo '-R --project --sort --search --page --per-page --all --limit' ;;
    'tokens') echo '' ;;
    'tokens associations') echo '--min-access-level --page --per-page --all --limit' ;;
    'tokens create') echo '--user --name --scope --expires-at --description' ;;
    'tokens get') echo '' ;;
    'tokens list') echo '--sort --user --active --inactive --revoked --search --created-after --created-before --expires-after --expires-before --expires-within --last-used-after --last-used-before --page --per-page --all --limit' ;;
    'tokens revoke') echo '' ;;
    'tokens rotate') echo '--expires-at' ;;
    'users') echo '' ;;
    'users block') echo '' ;;
    'users create') echo '--username --name --email --password --password-stdin --admin --no-admin --external --no-external --bio --organization --job-title --location --projects-limit --can-create-group --no-can-create-group --reset-password --send-confirmation' ;;
    'users delete') echo '--hard-delete' ;;
    'users get') echo '' ;;
    'users list') echo '--sort --search --username --active --blocked --external --admins --created-after --created-before --page --per-page --all --limit' ;;
    'users unblock') echo '' ;;
    'users update') echo '--username --name --email --password --password-stdin --admin --no-admin --external --no-external --bio --organization --job-title --location --projects-limit --can-create-group --no-can-create-group' ;;
    'whoami') echo '' ;;
  esac
}

# Completes the value of option $2 of command path $1; fails when it takes none.
_hostctl_value() {
  case "$1" in
    'api')
      case "$2" in
        -X|--method) COMPREPLY=(); return 0 ;;
        -f|--raw-field) COMPREPLY=(); return 0 ;;
        -F|--field) COMPREPLY=(); return 0 ;;
        -H|--header) COMPREPLY=(); return 0 ;;
        --input) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
      esac ;;
    'branches create')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --ref) _hostctl_dynamic branches; return 0 ;;
      esac ;;
    'branches delete')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
      esac ;;
    'branches delete-merged')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
      esac ;;
    'branches get')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
      esac ;;
    'branches list')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --sort) COMPREPLY=($(compgen -W 'name name:asc updated updated:asc updated:desc' -- "$cur")); return 0 ;;
        --search) COMPREPLY=(); return 0 ;;
        --regex) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'branches protect')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --push) COMPREPLY=(); return 0 ;;
        --merge) COMPREPLY=(); return 0 ;;
        --unprotect) COMPREPLY=(); return 0 ;;
      esac ;;
    'branches protections list')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --search) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'branches protections get')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
      esac ;;
    'branches protections update')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --push) COMPREPLY=(); return 0 ;;
        --merge) COMPREPLY=(); return 0 ;;
        --unprotect) COMPREPLY=(); return 0 ;;
      esac ;;
    'branches unprotect')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
      esac ;;
    'commits create')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --branch) _hostctl_dynamic branches; return 0 ;;
        -m|--message) COMPREPLY=(); return 0 ;;
        --add) COMPREPLY=(); return 0 ;;
        --delete) COMPREPLY=(); return 0 ;;
        --start-branch) COMPREPLY=(); return 0 ;;
        --start-sha) COMPREPLY=(); return 0 ;;
        --author-name) COMPREPLY=(); return 0 ;;
        --author-email) COMPREPLY=(); return 0 ;;
      esac ;;
    'commits get')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
      esac ;;
    'commits list')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --ref) _hostctl_dynamic branches; return 0 ;;
        --path) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --since) COMPREPLY=(); return 0 ;;
        --until) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'context add')
      case "$2" in
        --token) COMPREPLY=(); return 0 ;;
      esac ;;
    'groups create')
      case "$2" in
        --name) COMPREPLY=(); return 0 ;;
        --path) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --visibility) COMPREPLY=($(compgen -W 'private internal public' -- "$cur")); return 0 ;;
        --description) COMPREPLY=(); return 0 ;;
      esac ;;
    'groups list')
      case "$2" in
        --sort) COMPREPLY=($(compgen -W 'name name:asc name:desc path path:asc path:desc id id:asc id:desc' -- "$cur")); return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --search) COMPREPLY=(); return 0 ;;
        --min-access-level) COMPREPLY=(); return 0 ;;
        --visibility) COMPREPLY=($(compgen -W 'private internal public' -- "$cur")); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'groups update')
      case "$2" in
        --name) COMPREPLY=(); return 0 ;;
        --path) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --visibility) COMPREPLY=($(compgen -W 'private internal public' -- "$cur")); return 0 ;;
        --description) COMPREPLY=(); return 0 ;;
      esac ;;
    'init')
      case "$2" in
        --root-token) COMPREPLY=(); return 0 ;;
        --tier) COMPREPLY=(); return 0 ;;
        --offering) COMPREPLY=(); return 0 ;;
        --storage) COMPREPLY=(); return 0 ;;
        --external-url) COMPREPLY=(); return 0 ;;
        --context-name) COMPREPLY=(); return 0 ;;
      esac ;;
    'members add')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --user) _hostctl_dynamic users; return 0 ;;
        --access-level) COMPREPLY=($(compgen -W 'guest planner reporter developer maintainer owner' -- "$cur")); return 0 ;;
        --expires-at) COMPREPLY=(); return 0 ;;
      esac ;;
    'members list')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --search) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'members remove')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --user) _hostctl_dynamic users; return 0 ;;
      esac ;;
    'members update')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --user) _hostctl_dynamic users; return 0 ;;
        --access-level) COMPREPLY=($(compgen -W 'guest planner reporter developer maintainer owner' -- "$cur")); return 0 ;;
        --expires-at) COMPREPLY=(); return 0 ;;
      esac ;;
    'milestones close')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
      esac ;;
    'milestones create')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --title) COMPREPLY=(); return 0 ;;
        --description) COMPREPLY=(); return 0 ;;
        --start-date) COMPREPLY=(); return 0 ;;
        --due-date) COMPREPLY=(); return 0 ;;
      esac ;;
    'milestones get')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
      esac ;;
    'milestones list')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --title) COMPREPLY=(); return 0 ;;
        --search) COMPREPLY=(); return 0 ;;
        --iid) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'milestones update')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --title) COMPREPLY=(); return 0 ;;
        --description) COMPREPLY=(); return 0 ;;
        --start-date) COMPREPLY=(); return 0 ;;
        --due-date) COMPREPLY=(); return 0 ;;
      esac ;;
    'projects create')
      case "$2" in
        --name) COMPREPLY=(); return 0 ;;
        --path) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --namespace) _hostctl_dynamic groups; return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --description) COMPREPLY=(); return 0 ;;
        --visibility) COMPREPLY=($(compgen -W 'private internal public' -- "$cur")); return 0 ;;
        --default-branch) COMPREPLY=(); return 0 ;;
        --repository-storage) COMPREPLY=(); return 0 ;;
      esac ;;
    'projects list')
      case "$2" in
        --sort) COMPREPLY=($(compgen -W 'id id:asc id:desc name name:asc name:desc path path:asc path:desc created_at created_at:asc created_at:desc updated_at updated_at:asc updated_at:desc last_activity_at last_activity_at:asc last_activity_at:desc storage_size storage_size:asc storage_size:desc repository_size repository_size:asc repository_size:desc' -- "$cur")); return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --search) COMPREPLY=(); return 0 ;;
        --visibility) COMPREPLY=($(compgen -W 'private internal public' -- "$cur")); return 0 ;;
        --min-access-level) COMPREPLY=(); return 0 ;;
        --repository-storage) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'projects transfer')
      case "$2" in
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --namespace) _hostctl_dynamic groups; return 0 ;;
      esac ;;
    'projects update')
      case "$2" in
        --name) COMPREPLY=(); return 0 ;;
        --path) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --description) COMPREPLY=(); return 0 ;;
        --visibility) COMPREPLY=($(compgen -W 'private internal public' -- "$cur")); return 0 ;;
        --default-branch) COMPREPLY=(); return 0 ;;
        --repository-storage) COMPREPLY=(); return 0 ;;
      esac ;;
    'releases create')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --tag) _hostctl_dynamic tags; return 0 ;;
        --ref) _hostctl_dynamic branches; return 0 ;;
        --tag-message) COMPREPLY=(); return 0 ;;
        --name) COMPREPLY=(); return 0 ;;
        --notes) COMPREPLY=(); return 0 ;;
        --notes-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --milestone) COMPREPLY=(); return 0 ;;
        --link) COMPREPLY=(); return 0 ;;
        --released-at) COMPREPLY=(); return 0 ;;
      esac ;;
    'releases delete')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
      esac ;;
    'releases download')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --asset) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --source) COMPREPLY=(); return 0 ;;
        -O|--output-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
      esac ;;
    'releases evidence')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --timeout) COMPREPLY=(); return 0 ;;
      esac ;;
    'releases get')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
      esac ;;
    'releases latest')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
      esac ;;
    'releases links list')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'releases links add')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --name) COMPREPLY=(); return 0 ;;
        --link-url) COMPREPLY=(); return 0 ;;
        --path) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --type) COMPREPLY=(); return 0 ;;
      esac ;;
    'releases links update')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --name) COMPREPLY=(); return 0 ;;
        --link-url) COMPREPLY=(); return 0 ;;
        --path) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --type) COMPREPLY=(); return 0 ;;
      esac ;;
    'releases links delete')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
      esac ;;
    'releases list')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --sort) COMPREPLY=($(compgen -W 'released_at released_at:asc released_at:desc created_at created_at:asc created_at:desc' -- "$cur")); return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'releases update')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --name) COMPREPLY=(); return 0 ;;
        --notes) COMPREPLY=(); return 0 ;;
        --notes-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --milestone) COMPREPLY=(); return 0 ;;
        --released-at) COMPREPLY=(); return 0 ;;
      esac ;;
    'releases upload')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --type) COMPREPLY=(); return 0 ;;
      esac ;;
    'serve')
      case "$2" in
        --host) COMPREPLY=(); return 0 ;;
        --port) COMPREPLY=(); return 0 ;;
      esac ;;
    'tags create')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --ref) _hostctl_dynamic branches; return 0 ;;
        -m|--message) COMPREPLY=(); return 0 ;;
      esac ;;
    'tags delete')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
      esac ;;
    'tags get')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
      esac ;;
    'tags list')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --sort) COMPREPLY=($(compgen -W 'updated updated:asc updated:desc name name:asc name:desc version version:asc version:desc' -- "$cur")); return 0 ;;
        --search) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'tokens associations')
      case "$2" in
        --min-access-level) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'tokens create')
      case "$2" in
        --user) _hostctl_dynamic users; return 0 ;;
        --name) COMPREPLY=(); return 0 ;;
        --scope) COMPREPLY=($(compgen -W 'api read_api read_user create_runner manage_runner k8s_proxy read_repository write_repository read_registry write_registry read_virtual_registry write_virtual_registry read_service_ping sudo admin_mode ai_features self_rotate' -- "$cur")); return 0 ;;
        --expires-at) COMPREPLY=(); return 0 ;;
        --description) COMPREPLY=(); return 0 ;;
      esac ;;
    'tokens list')
      case "$2" in
        --sort) COMPREPLY=($(compgen -W 'created created:asc created:desc expires expires:asc expires:desc last_used last_used:asc last_used:desc name name:asc name:desc' -- "$cur")); return 0 ;;
        --user) _hostctl_dynamic users; return 0 ;;
        --search) COMPREPLY=(); return 0 ;;
        --created-after) COMPREPLY=(); return 0 ;;
        --created-before) COMPREPLY=(); return 0 ;;
        --expires-after) COMPREPLY=(); return 0 ;;
        --expires-before) COMPREPLY=(); return 0 ;;
        --expires-within) COMPREPLY=(); return 0 ;;
        --last-used-after) COMPREPLY=(); return 0 ;;
        --last-used-before) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'tokens rotate')
      case "$2" in
        --expires-at) COMPREPLY=(); return 0 ;;
      esac ;;
    'users create')
      case "$2" in
        --username) _hostctl_dynamic users; return 0 ;;
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
      case "$2" in
        --sort) COMPREPLY=($(compgen -W 'id id:asc id:desc name name:asc name:desc username username:asc username:desc created_at created_at:asc created_at:desc updated_at updated_at:asc updated_at:desc' -- "$cur")); return 0 ;;
        --search) COMPREPLY=(); return 0 ;;
        --username) _hostctl_dynamic users; return 0 ;;
        --created-after) COMPREPLY=(); return 0 ;;
        --created-before) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'users update')
      case "$2" in
        --username) _hostctl_dynamic users; return 0 ;;
        --name) COMPREPLY=(); return 0 ;;
        --email) COMPREPLY=(); return 0 ;;
        --password) COMPREPLY=(); return 0 ;;
        --bio) COMPREPLY=(); return 0 ;;
        --organization) COMPREPLY=(); return 0 ;;
        --job-title) COMPREPLY=(); return 0 ;;
        --location) COMPREPLY=(); return 0 ;;
        --projects-limit) COMPREPLY=(); return 0 ;;
      esac ;;
  esac
  case "$2" in
    -o|--output) COMPREPLY=($(compgen -W 'table json yaml jsonl csv' -- "$cur")); return 0 ;;
    --fields) COMPREPLY=(); return 0 ;;
    -q|--jq) COMPREPLY=(); return 0 ;;
    --context) COMPREPLY=($(compgen -W "$("${COMP_WORDS[0]}" context list --fields name --no-input 2>/dev/null)" -- "$cur")); return 0 ;;
    --state) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")); return 0 ;;
    --url) COMPREPLY=(); return 0 ;;
    --sudo) COMPREPLY=(); return 0 ;;
    --color) COMPREPLY=($(compgen -W 'auto always never' -- "$cur")); return 0 ;;
  esac
  return 1
}

# Completes positional argument number $2 (from 1) of command path $1.
_hostctl_args() {
  case "$1" in
    'branches create')
      case "$2" in
        1) _hostctl_dynamic branches ;;
      esac ;;
    'branches delete')
      case "$2" in
        1) _hostctl_dynamic branches ;;
      esac ;;
    'branches get')
      case "$2" in
        1) _hostctl_dynamic branches ;;
      esac ;;
    'branches protect')
      case "$2" in
        1) _hostctl_dynamic branches ;;
      esac ;;
    'branches protections get')
      case "$2" in
        1) _hostctl_dynamic branches ;;
      esac ;;
    'branches protections update')
      case "$2" in
        1) _hostctl_dynamic branches ;;
      esac ;;
    'branches unprotect')
      case "$2" in
        1) _hostctl_dynamic branches ;;
      esac ;;
    'completion')
      case "$2" in
        1) COMPREPLY=($(compgen -W 'bash zsh fish install' -- "$cur")) ;;
        2) COMPREPLY=($(compgen -W 'bash zsh fish' -- "$cur")) ;;
      esac ;;
    'groups delete')
      case "$2" in
        1) _hostctl_dynamic groups ;;
      esac ;;
    'groups get')
      case "$2" in
        1) _hostctl_dynamic groups ;;
      esac ;;
    'groups update')
      case "$2" in
        1) _hostctl_dynamic groups ;;
      esac ;;
    'projects archive')
      case "$2" in
        1) _hostctl_dynamic projects ;;
      esac ;;
    'projects delete')
      case "$2" in
        1) _hostctl_dynamic projects ;;
      esac ;;
    'projects get')
      case "$2" in
        1) _hostctl_dynamic projects ;;
      esac ;;
    'projects transfer')
      case "$2" in
        1) _hostctl_dynamic projects ;;
      esac ;;
    'projects unarchive')
      case "$2" in
        1) _hostctl_dynamic projects ;;
      esac ;;
    'projects update')
      case "$2" in
        1) _hostctl_dynamic projects ;;
      esac ;;
    'releases delete')
      case "$2" in
        1) _hostctl_dynamic tags ;;
      esac ;;
    'releases download')
      case "$2" in
        1) _hostctl_dynamic tags ;;
      esac ;;
    'releases evidence')
      case "$2" in
        1) _hostctl_dynamic tags ;;
      esac ;;
    'releases get')
      case "$2" in
        1) _hostctl_dynamic tags ;;
      esac ;;
    'releases links list')
      case "$2" in
        1) _hostctl_dynamic tags ;;
      esac ;;
    'releases links add')
      case "$2" in
        1) _hostctl_dynamic tags ;;
      esac ;;
    'releases links update')
      case "$2" in
        1) _hostctl_dynamic tags ;;
      esac ;;
    'releases links delete')
      case "$2" in
        1) _hostctl_dynamic tags ;;
      esac ;;
    'releases update')
      case "$2" in
        1) _hostctl_dynamic tags ;;
      esac ;;
    'releases upload')
      case "$2" in
        1) _hostctl_dynamic tags ;;
      esac ;;
    'tags create')
      case "$2" in
        1) _hostctl_dynamic tags ;;
      esac ;;
    'tags delete')
      case "$2" in
        1) _hostctl_dynamic tags ;;
      esac ;;
    'tags get')
      case "$2" in
        1) _hostctl_dynamic tags ;;
      esac ;;
    'users block')
      case "$2" in
        1) _hostctl_dynamic users ;;
      esac ;;
    'users delete')
      case "$2" in
        1) _hostctl_dynamic users ;;
      esac ;;
    'users get')
      case "$2" in
        1) _hostctl_dynamic users ;;
      esac ;;
    'users unblock')
      case "$2" in
        1) _hostctl_dynamic users ;;
      esac ;;
    'users update')
      case "$2" in
        1) _hostctl_dynamic users ;;
      esac ;;
  esac
}

# Values from the current target (cached for a minute by hostctl itself); the project for
# tags and branches is the -R/--project/--repo value on the line.
_hostctl_dynamic() {
  local project="" i
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "${COMP_WORDS[i]}" in -R|--project|--repo) project="${COMP_WORDS[i+1]}" ;; esac
  done
  local IFS=$'\n'
  COMPREPLY=($("${COMP_WORDS[0]}" __complete "$1" "$cur" "$project" --no-input 2>/dev/null))
}

_hostctl() {
  local cur="${COMP_WORDS[COMP_CWORD]}" prev="" path="" sub w i help=0 argn=0
  ((COMP_CWORD > 0)) && prev="${COMP_WORDS[COMP_CWORD-1]}"
  COMPREPLY=()
  # Walk the words before the cursor: skip options and their values, follow subcommands.
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="${COMP_WORDS[i]}"
    case "$w" in
      --access-level|--add|--asset|--author-email|--author-name|--bio|--branch|--color|--context|--context-name|--created-after|--created-before|--default-branch|--delete|--description|--due-date|--email|--expires-after|--expires-at|--expires-before|--expires-within|--external-url|--field|--fields|--group|--header|--host|--iid|--input|--job-title|--jq|--last-used-after|--last-used-before|--limit|--link|--link-url|--location|--merge|--message|--method|--milestone|--min-access-level|--name|--namespace|--notes|--notes-file|--offering|--organization|--output|--output-file|--page|--password|--path|--per-page|--port|--project|--projects-limit|--push|--raw-field|--ref|--regex|--released-at|--repository-storage|--root-token|--scope|--search|--since|--sort|--source|--start-branch|--start-date|--start-sha|--state|--storage|--sudo|--tag|--tag-message|--tier|--timeout|--title|--token|--type|--unprotect|--until|--url|--user|--username|--visibility|-F|-H|-O|-R|-X|-f|-g|-m|-o|-q)
        ((i++))
        [[ "${COMP_WORDS[i]}" == "=" ]] && ((i++))
        continue ;;
      -*|=) continue ;;
    esac
    if [[ -z "$path" && $help == 0 && "$w" == help ]]; then help=1; continue; fi
    sub="$(_hostctl_sub "$path" "$w")"
    if ((argn == 0)) && [[ -n "$sub" ]]; then path="${path:+$path }$sub"; else ((argn++)); fi
  done
  # --opt=value is split at "=" by bash.
  local opt="$prev"
  if [[ "$cur" == "=" ]]; then cur=""; elif [[ "$prev" == "=" ]] && ((COMP_CWORD > 1)); then opt="${COMP_WORDS[COMP_CWORD-2]}"; fi
  if [[ "$opt" == -* ]] && _hostctl_value "$path" "$opt"; then return 0; fi
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$(_hostctl_flags "$path") -V --version -o --output --fields -q --jq --context --state --url --sudo --no-input -y --yes --color --dry-run --debug -h --help" -- "$cur"))
    return 0
  fi
  local children="$(_hostctl_children "$path")"
  if ((help == 1)); then
    [[ -z "$path" ]] && children="$(_hostctl_children '') environment exit-codes formatting"
    COMPREPLY=($(compgen -W "$children" -- "$cur"))
  elif ((argn == 0)) && [[ -n "$children" ]]; then
    COMPREPLY=($(compgen -W "$children" -- "$cur"))
  else
    _hostctl_args "$path" "$((argn + 1))"
  fi
  return 0
}

complete -F _hostctl hostctl
