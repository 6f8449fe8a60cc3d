# bash completion for hostctl 0.1.0. Generated from the command tree by `npm run gen:docs`.
# Load it with: source <(hostctl completion bash), or: hostctl completion install
# or save it as ~/.local/share/bash-completion/completions/hostctl

# The canonical name of word $2 under command path $1 (aliases included), or nothing.
_hostctl_sub() {
  case "$1|$2" in
    '|alias'|'|aliases') echo alias ;;
    'alias|delete'|'alias|remove'|'alias|rm') echo delete ;;
    'alias|list'|'alias|ls') echo list ;;
    'alias|set') echo set ;;
    '|api') echo api ;;
    '|apply') echo apply ;;
    '|audit-events'|'|audit-event') echo audit-events ;;
    'audit-events|get'|'audit-events|view'|'audit-events|show') echo get ;;
    'audit-events|list'|'audit-events|ls') echo list ;;
    '|auth') echo auth ;;
    'auth|status'|'auth|whoami') echo status ;;
    '|backup') echo backup ;;
    '|branches'|'|branch') echo branches ;;
    'branches|create') echo create ;;
    'branches|delete'|'branches|rm') echo delete ;;
    'branches|delete-merged') echo delete-merged ;;
    'branches|get'|'branches|view'|'branches|show') echo get ;;
    'branches|list'|'branches|ls') echo list ;;
    'branches|protect') echo protect ;;
    'branches|protections'|'branches|protection') echo protections ;;
    'branches protections|list'|'branches protections|ls') echo list ;;
    'branches protections|get'|'branches protections|view'|'branches protections|show') echo get ;;
    'branches protections|update'|'branches protections|edit') echo update ;;
    'branches|unprotect') echo unprotect ;;
    '|commands') echo commands ;;
    '|commits'|'|commit') echo commits ;;
    'commits|create') echo create ;;
    'commits|get'|'commits|view'|'commits|show') echo get ;;
    'commits|list'|'commits|ls'|'commits|log') echo list ;;
    '|completion') echo completion ;;
    '|context'|'|contexts') echo context ;;
    'context|add') echo add ;;
    'context|get'|'context|view'|'context|show') echo get ;;
    'context|list'|'context|ls') echo list ;;
    'context|remove'|'context|rm'|'context|delete') echo remove ;;
    'context|rename') echo rename ;;
    'context|set-token'|'context|update') echo set-token ;;
    'context|use'|'context|switch') echo use ;;
    '|diff') echo diff ;;
    '|doctor') echo doctor ;;
    '|enterprise-users'|'|enterprise-user') echo enterprise-users ;;
    'enterprise-users|disable-2fa') echo disable-2fa ;;
    'enterprise-users|get'|'enterprise-users|view'|'enterprise-users|show') echo get ;;
    'enterprise-users|list'|'enterprise-users|ls') echo list ;;
    '|error-tracking') echo error-tracking ;;
    'error-tracking|keys'|'error-tracking|key') echo keys ;;
    'error-tracking keys|list'|'error-tracking keys|ls') echo list ;;
    'error-tracking keys|create') echo create ;;
    'error-tracking keys|delete'|'error-tracking keys|rm') echo delete ;;
    'error-tracking|settings') echo settings ;;
    'error-tracking settings|get'|'error-tracking settings|view'|'error-tracking settings|show') echo get ;;
    'error-tracking settings|enable') echo enable ;;
    'error-tracking settings|disable') echo disable ;;
    '|export') echo export ;;
    '|extension'|'|extensions') echo extension ;;
    'extension|list'|'extension|ls') echo list ;;
    '|freeze-periods'|'|freeze-period') echo freeze-periods ;;
    'freeze-periods|create') echo create ;;
    'freeze-periods|delete'|'freeze-periods|rm') echo delete ;;
    'freeze-periods|get'|'freeze-periods|view'|'freeze-periods|show') echo get ;;
    'freeze-periods|list'|'freeze-periods|ls') echo list ;;
    'freeze-periods|status') echo status ;;
    'freeze-periods|update'|'freeze-periods|edit') echo update ;;
    '|groups'|'|group') echo groups ;;
    'groups|create') echo create ;;
    'groups|delete'|'groups|rm') echo delete ;;
    'groups|get'|'groups|view'|'groups|show') echo get ;;
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
    'milestones|get'|'milestones|view'|'milestones|show') echo get ;;
    'milestones|list'|'milestones|ls') echo list ;;
    'milestones|update'|'milestones|edit') echo update ;;
    '|notifications'|'|notification') echo notifications ;;
    'notifications|get'|'notifications|view'|'notifications|show') echo get ;;
    'notifications|outbox') echo outbox ;;
    'notifications|set'|'notifications|update') echo set ;;
    '|packages'|'|package') echo packages ;;
    'packages|delete'|'packages|rm') echo delete ;;
    'packages|delete-file') echo delete-file ;;
    'packages|download') echo download ;;
    'packages|files') echo files ;;
    'packages|get'|'packages|view'|'packages|show') echo get ;;
    'packages|list'|'packages|ls') echo list ;;
    'packages|pipelines') echo pipelines ;;
    'packages|protection') echo protection ;;
    'packages protection|list'|'packages protection|ls') echo list ;;
    'packages protection|add'|'packages protection|create') echo add ;;
    'packages protection|update'|'packages protection|edit') echo update ;;
    'packages protection|remove'|'packages protection|rm'|'packages protection|delete') echo remove ;;
    'packages|upload'|'packages|publish') echo upload ;;
    '|pipelines'|'|pipeline') echo pipelines ;;
    'pipelines|cancel') echo cancel ;;
    'pipelines|create') echo create ;;
    'pipelines|delete'|'pipelines|rm') echo delete ;;
    'pipelines|get'|'pipelines|view'|'pipelines|show') echo get ;;
    'pipelines|list'|'pipelines|ls') echo list ;;
    'pipelines|retry') echo retry ;;
    '|projects'|'|project') echo projects ;;
    'projects|archive') echo archive ;;
    'projects|create') echo create ;;
    'projects|delete'|'projects|rm') echo delete ;;
    'projects|get'|'projects|view'|'projects|show') echo get ;;
    'projects|list'|'projects|ls') echo list ;;
    'projects|share') echo share ;;
    'projects|transfer') echo transfer ;;
    'projects|unarchive') echo unarchive ;;
    'projects|unshare') echo unshare ;;
    'projects|update'|'projects|edit') echo update ;;
    '|protected-envs'|'|protected-env') echo protected-envs ;;
    'protected-envs|get'|'protected-envs|view'|'protected-envs|show') echo get ;;
    'protected-envs|list'|'protected-envs|ls') echo list ;;
    'protected-envs|protect') echo protect ;;
    'protected-envs|unprotect'|'protected-envs|rm') echo unprotect ;;
    'protected-envs|update'|'protected-envs|edit') echo update ;;
    '|releases'|'|release') echo releases ;;
    'releases|create') echo create ;;
    'releases|delete'|'releases|rm') echo delete ;;
    'releases|download') echo download ;;
    'releases|evidence'|'releases|evidences') echo evidence ;;
    'releases evidence|collect') echo collect ;;
    'releases evidence|list'|'releases evidence|ls') echo list ;;
    'releases evidence|download') echo download ;;
    'releases|get'|'releases|view'|'releases|show') echo get ;;
    'releases|latest') echo latest ;;
    'releases|links'|'releases|link') echo links ;;
    'releases links|list'|'releases links|ls') echo list ;;
    'releases links|add'|'releases links|create') echo add ;;
    'releases links|update'|'releases links|edit') echo update ;;
    'releases links|delete'|'releases links|rm') echo delete ;;
    'releases|list'|'releases|ls') echo list ;;
    'releases|update'|'releases|edit') echo update ;;
    'releases|upload') echo upload ;;
    '|restore') echo restore ;;
    '|saml') echo saml ;;
    'saml|configure') echo configure ;;
    'saml|get'|'saml|view'|'saml|show') echo get ;;
    'saml|identities'|'saml|identity') echo identities ;;
    'saml identities|list'|'saml identities|ls') echo list ;;
    'saml identities|get'|'saml identities|view'|'saml identities|show') echo get ;;
    'saml identities|update'|'saml identities|edit') echo update ;;
    'saml identities|delete'|'saml identities|rm') echo delete ;;
    'saml|links'|'saml|link') echo links ;;
    'saml links|list'|'saml links|ls') echo list ;;
    'saml links|get'|'saml links|view'|'saml links|show') echo get ;;
    'saml links|create'|'saml links|add') echo create ;;
    'saml links|delete'|'saml links|rm') echo delete ;;
    '|scim') echo scim ;;
    'scim|token') echo token ;;
    '|security-settings') echo security-settings ;;
    'security-settings|get'|'security-settings|view'|'security-settings|show') echo get ;;
    'security-settings|update'|'security-settings|set'|'security-settings|edit') echo update ;;
    '|serve') echo serve ;;
    '|snippets'|'|snippet') echo snippets ;;
    'snippets|create') echo create ;;
    'snippets|delete'|'snippets|rm') echo delete ;;
    'snippets|files') echo files ;;
    'snippets|get'|'snippets|view'|'snippets|show') echo get ;;
    'snippets|list'|'snippets|ls') echo list ;;
    'snippets|raw'|'snippets|cat') echo raw ;;
    'snippets|update'|'snippets|edit') echo update ;;
    '|storage-moves'|'|storage-move') echo storage-moves ;;
    'storage-moves|get'|'storage-moves|view'|'storage-moves|show') echo get ;;
    'storage-moves|list'|'storage-moves|ls') echo list ;;
    'storage-moves|schedule') echo schedule ;;
    'storage-moves|wait') echo wait ;;
    '|storages'|'|storage') echo storages ;;
    'storages|add') echo add ;;
    'storages|list'|'storages|ls') echo list ;;
    'storages|remove'|'storages|rm') echo remove ;;
    '|tags'|'|tag') echo tags ;;
    'tags|create') echo create ;;
    'tags|delete'|'tags|rm') echo delete ;;
    'tags|get'|'tags|view'|'tags|show') echo get ;;
    'tags|list'|'tags|ls') echo list ;;
    '|tokens'|'|token') echo tokens ;;
    'tokens|associations') echo associations ;;
    'tokens|create') echo create ;;
    'tokens|get'|'tokens|view'|'tokens|show') echo get ;;
    'tokens|list'|'tokens|ls') echo list ;;
    'tokens|revoke'|'tokens|delete') echo revoke ;;
    'tokens|rotate') echo rotate ;;
    '|users'|'|user') echo users ;;
    'users|block') echo block ;;
    'users|create') echo create ;;
    'users|delete'|'users|rm') echo delete ;;
    'users|get'|'users|view'|'users|show') echo get ;;
    'users|list'|'users|ls') echo list ;;
    'users|unblock') echo unblock ;;
    'users|update'|'users|edit') echo update ;;
    '|whoami') echo whoami ;;
    '|wikis'|'|wiki') echo wikis ;;
    'wikis|attachments'|'wikis|attachment') echo attachments ;;
    'wikis attachments|list'|'wikis attachments|ls') echo list ;;
    'wikis attachments|download') echo download ;;
    'wikis|create') echo create ;;
    'wikis|delete'|'wikis|rm') echo delete ;;
    'wikis|edit') echo edit ;;
    'wikis|get'|'wikis|view'|'wikis|show') echo get ;;
    'wikis|history'|'wikis|log') echo history ;;
    'wikis|list'|'wikis|ls') echo list ;;
    'wikis|update') echo update ;;
    'wikis|upload') echo upload ;;
  esac
}

# The subcommands of command path $1 (the nouns for the empty path).
_hostctl_children() {
  case "$1" in
    '') echo 'alias api apply audit-events auth backup branches commands commits completion context diff doctor enterprise-users error-tracking export extension freeze-periods groups init members milestones notifications packages pipelines projects protected-envs releases restore saml scim security-settings serve snippets storage-moves storages tags tokens users whoami wikis help' ;;
    'alias') echo 'delete list set' ;;
    'audit-events') echo 'get list' ;;
    'auth') echo 'status' ;;
    'branches') echo 'create delete delete-merged get list protect protections unprotect' ;;
    'branches protections') echo 'list get update' ;;
    'commits') echo 'create get list' ;;
    'context') echo 'add get list remove rename set-token use' ;;
    'enterprise-users') echo 'disable-2fa get list' ;;
    'error-tracking') echo 'keys settings' ;;
    'error-tracking keys') echo 'list create delete' ;;
    'error-tracking settings') echo 'get enable disable' ;;
    'extension') echo 'list' ;;
    'freeze-periods') echo 'create delete get list status update' ;;
    'groups') echo 'create delete get list update' ;;
    'members') echo 'add list remove update' ;;
    'milestones') echo 'close create get list update' ;;
    'notifications') echo 'get outbox set' ;;
    'packages') echo 'delete delete-file download files get list pipelines protection upload' ;;
    'packages protection') echo 'list add update remove' ;;
    'pipelines') echo 'cancel create delete get list retry' ;;
    'projects') echo 'archive create delete get list share transfer unarchive unshare update' ;;
    'protected-envs') echo 'get list protect unprotect update' ;;
    'releases') echo 'create delete download evidence get latest links list update upload' ;;
    'releases evidence') echo 'collect list download' ;;
    'releases links') echo 'list add update delete' ;;
    'saml') echo 'configure get identities links' ;;
    'saml identities') echo 'list get update delete' ;;
    'saml links') echo 'list get create delete' ;;
    'scim') echo 'token' ;;
    'security-settings') echo 'get update' ;;
    'snippets') echo 'create delete files get list raw update' ;;
    'storage-moves') echo 'get list schedule wait' ;;
    'storages') echo 'add list remove' ;;
    'tags') echo 'create delete get list' ;;
    'tokens') echo 'associations create get list revoke rotate' ;;
    'users') echo 'block create delete get list unblock update' ;;
    'wikis') echo 'attachments create delete edit get history list update upload' ;;
    'wikis attachments') echo 'list download' ;;
  esac
}

# Own flags of command path $1.
_hostctl_flags() {
  case "$1" in
    'alias') echo '' ;;
    'alias delete') echo '' ;;
    'alias list') echo '' ;;
    'alias set') echo '--shell --clobber' ;;
    'api') echo '-X --method -f --raw-field -F --field -H --header --paginate -i --include --silent --input' ;;
    'apply') echo '-f --file --prune --keep-going' ;;
    'audit-events') echo '' ;;
    'audit-events get') echo '-R --project -g --group' ;;
    'audit-events list') echo '-R --project -g --group --since --until --author --entity-type --event -f --follow --interval --page --per-page --all --limit' ;;
    'auth') echo '' ;;
    'auth status') echo '' ;;
    'backup') echo '-O --output-file --clobber --exclude --compress' ;;
    'branches') echo '' ;;
    'branches create') echo '-R --project --ref --from-file --fail-fast --parallel' ;;
    'branches delete') echo '-R --project --from-file --fail-fast --parallel' ;;
    'branches delete-merged') echo '-R --project' ;;
    'branches get') echo '-R --project' ;;
    'branches list') echo '-R --project --sort --search --regex --page --per-page --all --limit' ;;
    'branches protect') echo '-R --project --push --merge --unprotect --allow-force-push --code-owner-approval --from-file --fail-fast --parallel' ;;
    'branches protections') echo '' ;;
    'branches protections list') echo '-R --project --search --page --per-page --all --limit' ;;
    'branches protections get') echo '-R --project' ;;
    'branches protections update') echo '-R --project --push --merge --unprotect --allow-force-push --no-allow-force-push --code-owner-approval --no-code-owner-approval --from-file --fail-fast --parallel' ;;
    'branches unprotect') echo '-R --project --from-file --fail-fast --parallel' ;;
    'commands') echo '' ;;
    'commits') echo '' ;;
    'commits create') echo '-R --project --branch -m --message --add --delete --start-branch --start-sha --author-name --author-email --force --from-file --fail-fast --parallel' ;;
    'commits get') echo '-R --project --no-stats' ;;
    'commits list') echo '-R --project --ref --path --since --until --first-parent --stats --page --per-page --all --limit' ;;
    'completion') echo '--shell --no-rc' ;;
    'context') echo '' ;;
    'context add') echo '--token --token-stdin --token-command --use --force --no-verify' ;;
    'context get') echo '' ;;
    'context list') echo '' ;;
    'context remove') echo '' ;;
    'context rename') echo '' ;;
    'context set-token') echo '--token --token-stdin --token-command --no-verify' ;;
    'context use') echo '' ;;
    'diff') echo '-f --file --prune' ;;
    'doctor') echo '--quick --fix --strict' ;;
    'enterprise-users') echo '' ;;
    'enterprise-users disable-2fa') echo '' ;;
    'enterprise-users get') echo '' ;;
    'enterprise-users list') echo '--username --search --active --blocked --created-after --created-before --two-factor --page --per-page --all --limit' ;;
    'error-tracking') echo '' ;;
    'error-tracking keys') echo '' ;;
    'error-tracking keys list') echo '-R --project --page --per-page --all --limit' ;;
    'error-tracking keys create') echo '-R --project --from-file --fail-fast --parallel' ;;
    'error-tracking keys delete') echo '-R --project --from-file --fail-fast --parallel' ;;
    'error-tracking settings') echo '' ;;
    'error-tracking settings get') echo '-R --project' ;;
    'error-tracking settings enable') echo '-R --project --from-file --fail-fast --parallel' ;;
    'error-tracking settings disable') echo '-R --project --from-file --fail-fast --parallel' ;;
    'export') echo '-g --group --recursive -R --project --section' ;;
    'extension') echo '' ;;
    'extension list') echo '' ;;
    'freeze-periods') echo '' ;;
    'freeze-periods create') echo '-R --project --start --end --timezone --from-file --fail-fast --parallel' ;;
    'freeze-periods delete') echo '-R --project --from-file --fail-fast --parallel' ;;
    'freeze-periods get') echo '-R --project' ;;
    'freeze-periods list') echo '-R --project --page --per-page --all --limit' ;;
    'freeze-periods status') echo '-R --project --at' ;;
    'freeze-periods update') echo '-R --project --start --end --timezone --from-file --fail-fast --parallel' ;;
    'groups') echo '' ;;
    'groups create') echo '--name --path -g --group --visibility --description --from-file --fail-fast --parallel' ;;
    'groups delete') echo '--from-file --fail-fast --parallel' ;;
    'groups get') echo '--with-projects' ;;
    'groups list') echo '--sort -g --group --descendants --search --top-level --owned --min-access-level --visibility --statistics --page --per-page --all --limit' ;;
    'groups update') echo '--name --path --visibility --description --from-file --fail-fast --parallel' ;;
    'init') echo '--root-token --tier --offering --storage --external-url --demo --context-name --recover-token' ;;
    'members') echo '' ;;
    'members add') echo '-R --project -g --group --user --access-level --expires-at --from-file --fail-fast --parallel' ;;
    'members list') echo '-R --project -g --group --inherited --search --page --per-page --all --limit' ;;
    'members remove') echo '-R --project -g --group --user --from-file --fail-fast --parallel' ;;
    'members update') echo '-R --project -g --group --user --access-level --expires-at --from-file --fail-fast --parallel' ;;
    'milestones') echo '' ;;
    'milestones close') echo '-R --project -g --group --from-file --fail-fast --parallel' ;;
    'milestones create') echo '-R --project -g --group --title --description --start-date --due-date --from-file --fail-fast --parallel' ;;
    'milestones get') echo '-R --project -g --group' ;;
    'milestones list') echo '-R --project -g --group --active --closed --title --search --iid --with-parents --page --per-page --all --limit' ;;
    'milestones update') echo '-R --project -g --group --title --description --start-date --due-date --close --reopen --from-file --fail-fast --parallel' ;;
    'notifications') echo '' ;;
    'notifications get') echo '-R --project -g --group' ;;
    'notifications outbox') echo '-R --project --user --event --page --per-page --all --limit' ;;
    'notifications set') echo '-R --project -g --group --level --on --off --email --from-file --fail-fast --parallel' ;;
    'packages') echo '' ;;
    'packages delete') echo '-R --project --from-file --fail-fast --parallel' ;;
    'packages delete-file') echo '-R --project --from-file --fail-fast --parallel' ;;
    'packages download') echo '-R --project --name --package-version -O --output-file --clobber --skip-existing' ;;
    'packages files') echo '-R --project --sort --page --per-page --all --limit' ;;
    'packages get') echo '-R --project' ;;
    'packages list') echo '-R --project --sort -g --group --type --search --package-version --versionless --status --exclude-subgroups --page --per-page --all --limit' ;;
    'packages pipelines') echo '-R --project --page --per-page --all --limit' ;;
    'packages protection') echo '' ;;
    'packages protection list') echo '-R --project --page --per-page --all --limit' ;;
    'packages protection add') echo '-R --project --pattern --type --push --delete --from-file --fail-fast --parallel' ;;
    'packages protection update') echo '-R --project --pattern --type --push --delete --from-file --fail-fast --parallel' ;;
    'packages protection remove') echo '-R --project --from-file --fail-fast --parallel' ;;
    'packages upload') echo '-R --project --name --package-version --status --path --from-file --fail-fast --parallel' ;;
    'pipelines') echo '' ;;
    'pipelines cancel') echo '-R --project --from-file --fail-fast --parallel' ;;
    'pipelines create') echo '-R --project --ref --from-file --fail-fast --parallel' ;;
    'pipelines delete') echo '-R --project --from-file --fail-fast --parallel' ;;
    'pipelines get') echo '-R --project' ;;
    'pipelines list') echo '-R --project --sort --ref --status --page --per-page --all --limit' ;;
    'pipelines retry') echo '-R --project --from-file --fail-fast --parallel' ;;
    'projects') echo '' ;;
    'projects archive') echo '--from-file --fail-fast --parallel' ;;
    'projects create') echo '--name --path --namespace -g --group --description --visibility --default-branch --readme --storage --from-file --fail-fast --parallel' ;;
    'projects delete') echo '--from-file --fail-fast --parallel' ;;
    'projects get') echo '--statistics' ;;
    'projects list') echo '--sort -g --group --include-subgroups --search --owned --membership --visibility --archived --no-archived --min-access-level --storage --statistics --page --per-page --all --limit' ;;
    'projects share') echo '-g --group --access-level --expires-at --from-file --fail-fast --parallel' ;;
    'projects transfer') echo '-g --group --namespace --from-file --fail-fast --parallel' ;;
    'projects unarchive') echo '--from-file --fail-fast --parallel' ;;
    'projects unshare') echo '-g --group --from-file --fail-fast --parallel' ;;
    'projects update') echo '--name --path --description --visibility --default-branch --storage --from-file --fail-fast --parallel' ;;
    'protected-envs') echo '' ;;
    'protected-envs get') echo '-g --group -R --project' ;;
    'protected-envs list') echo '-g --group -R --project --page --per-page --all --limit' ;;
    'protected-envs protect') echo '-g --group -R --project --deploy --approval --from-file --fail-fast --parallel' ;;
    'protected-envs unprotect') echo '-g --group -R --project --from-file --fail-fast --parallel' ;;
    'protected-envs update') echo '-g --group -R --project --deploy --approval --remove-deploy --remove-approval --required-approvals --from-file --fail-fast --parallel' ;;
    'releases') echo '' ;;
    'releases create') echo '-R --project --tag --ref --tag-message --name --notes --notes-file --milestone --link --released-at --from-file --fail-fast --parallel' ;;
    'releases delete') echo '-R --project --from-file --fail-fast --parallel' ;;
    'releases download') echo '-R --project --asset --source -O --output-file --clobber --skip-existing' ;;
    'releases evidence') echo '' ;;
    'releases evidence collect') echo '-R --project --wait --timeout' ;;
    'releases evidence list') echo '-R --project' ;;
    'releases evidence download') echo '-R --project --id -O --output-file --clobber --skip-existing' ;;
    'releases get') echo '-R --project --html' ;;
    'releases latest') echo '-R --project --html' ;;
    'releases links') echo '' ;;
    'releases links list') echo '-R --project --page --per-page --all --limit' ;;
    'releases links add') echo '-R --project --name --link-url --path --type --from-file --fail-fast --parallel' ;;
    'releases links update') echo '-R --project --name --link-url --path --type --from-file --fail-fast --parallel' ;;
    'releases links delete') echo '-R --project --from-file --fail-fast --parallel' ;;
    'releases list') echo '-R --project --sort -g --group --html --page --per-page --all --limit' ;;
    'releases update') echo '-R --project --name --notes --notes-file --milestone --clear-milestones --released-at --from-file --fail-fast --parallel' ;;
    'releases upload') echo '-R --project --type --from-file --fail-fast --parallel' ;;
    'restore') echo '--force --storage --check' ;;
    'saml') echo '' ;;
    'saml configure') echo '--sso-url --fingerprint --default-role --enforced-sso --no-enforced-sso --enabled --disabled --from-file --fail-fast --parallel' ;;
    'saml get') echo '' ;;
    'saml identities') echo '' ;;
    'saml identities list') echo '--scim' ;;
    'saml identities get') echo '--scim' ;;
    'saml identities update') echo '--scim --extern-uid --from-file --fail-fast --parallel' ;;
    'saml identities delete') echo '--scim --from-file --fail-fast --parallel' ;;
    'saml links') echo '' ;;
    'saml links list') echo '' ;;
    'saml links get') echo '--provider' ;;
    'saml links create') echo '--provider -a --access-level --member-role --from-file --fail-fast --parallel' ;;
    'saml links delete') echo '--provider --from-file --fail-fast --parallel' ;;
    'scim') echo '' ;;
    'scim token') echo '' ;;
    'security-settings') echo '' ;;
    'security-settings get') echo '-R --project' ;;
    'security-settings update') echo '-R --project --secret-push-protection --from-file --fail-fast --parallel' ;;
    'serve') echo '--host --port --external-url --trust-proxy' ;;
    'snippets') echo '' ;;
    'snippets create') echo '-R --project --title --description --visibility --file --filename --from-file --fail-fast --parallel' ;;
    'snippets delete') echo '-R --project --from-file --fail-fast --parallel' ;;
    'snippets files') echo '-R --project' ;;
    'snippets get') echo '-R --project' ;;
    'snippets list') echo '-R --project --scope --created-after --created-before --storage --page --per-page --all --limit' ;;
    'snippets raw') echo '-R --project --file --all --ref' ;;
    'snippets update') echo '-R --project --title --description --visibility --add --remove --rename --replace --filename --from-file --fail-fast --parallel' ;;
    'storage-moves') echo '' ;;
    'storage-moves get') echo '--kind' ;;
    'storage-moves list') echo '-R --project --snippet -g --group --kind --status --page --per-page --all --limit' ;;
    'storage-moves schedule') echo '--from --to --kind -R --project --snippet -g --group --wait --timeout --interval --from-file --fail-fast --parallel' ;;
    'storage-moves wait') echo '--kind --timeout --interval' ;;
    'storages') echo '' ;;
    'storages add') echo '--weight --from-file --fail-fast --parallel' ;;
    'storages list') echo '' ;;
    'storages remove') echo '--from-file --fail-fast --parallel' ;;
    'tags') echo '' ;;
    'tags create') echo '-R --project --ref -m --message --from-file --fail-fast --parallel' ;;
    'tags delete') echo '-R --project --from-file --fail-fast --parallel' ;;
    'tags get') echo '-R --project' ;;
    'tags list') echo '-R --project --sort --search --page --per-page --all --limit' ;;
    'tokens') echo '' ;;
    'tokens associations') echo '--min-access-level --page --per-page --all --limit' ;;
    'tokens create') echo '--user --name --scope --expires-at --description --from-file --fail-fast --parallel' ;;
    'tokens get') echo '' ;;
    'tokens list') echo '--sort --user --active --inactive --revoked --search --created-after --created-before --expires-after --expires-before --expires-within --last-used-after --last-used-before --page --per-page --all --limit' ;;
    'tokens revoke') echo '--from-file --fail-fast --parallel' ;;
    'tokens rotate') echo '--expires-at --from-file --fail-fast --parallel' ;;
    'users') echo '' ;;
    'users block') echo '--from-file --fail-fast --parallel' ;;
    'users create') echo '--username --name --email --password --password-stdin --admin --no-admin --external --no-external --bio --organization --job-title --location --projects-limit --can-create-group --no-can-create-group --reset-password --send-confirmation --from-file --fail-fast --parallel' ;;
    'users delete') echo '--hard-delete --from-file --fail-fast --parallel' ;;
    'users get') echo '' ;;
    'users list') echo '--sort --search --username --active --blocked --external --admins --two-factor --created-after --created-before --page --per-page --all --limit' ;;
    'users unblock') echo '--from-file --fail-fast --parallel' ;;
    'users update') echo '--username --name --email --password --password-stdin --admin --no-admin --external --no-external --bio --organization --job-title --location --projects-limit --can-create-group --no-can-create-group --two-factor --from-file --fail-fast --parallel' ;;
    'whoami') echo '' ;;
    'wikis') echo '' ;;
    'wikis attachments') echo '' ;;
    'wikis attachments list') echo '-R --project -g --group --branch --page --per-page --all --limit' ;;
    'wikis attachments download') echo '-R --project -g --group --branch -O --output-file --clobber --skip-existing' ;;
    'wikis create') echo '-R --project -g --group --content --content-file --title --format --from-file --fail-fast --parallel' ;;
    'wikis delete') echo '-R --project -g --group --from-file --fail-fast --parallel' ;;
    'wikis edit') echo '-R --project -g --group' ;;
    'wikis get') echo '-R --project -g --group --at --html' ;;
    'wikis history') echo '-R --project -g --group' ;;
    'wikis list') echo '-R --project -g --group --with-content' ;;
    'wikis update') echo '-R --project -g --group --content --content-file --title --format --from-file --fail-fast --parallel' ;;
    'wikis upload') echo '-R --project -g --group --branch --filename --from-file --fail-fast --parallel' ;;
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
    'apply')
      case "$2" in
        -f|--file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
      esac ;;
    'audit-events get')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
      esac ;;
    'audit-events list')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --since) COMPREPLY=(); return 0 ;;
        --until) COMPREPLY=(); return 0 ;;
        --author) COMPREPLY=(); return 0 ;;
        --entity-type) COMPREPLY=(); return 0 ;;
        --event) COMPREPLY=(); return 0 ;;
        --interval) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'backup')
      case "$2" in
        -O|--output-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --exclude) COMPREPLY=(); return 0 ;;
        --compress) COMPREPLY=(); return 0 ;;
      esac ;;
    'branches create')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --ref) _hostctl_dynamic branches; return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'branches delete')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
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
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
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
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'branches unprotect')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
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
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
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
    'completion')
      case "$2" in
        --shell) COMPREPLY=($(compgen -W 'bash zsh fish' -- "$cur")); return 0 ;;
      esac ;;
    'context add')
      case "$2" in
        --token) COMPREPLY=(); return 0 ;;
        --token-command) COMPREPLY=(); return 0 ;;
      esac ;;
    'context set-token')
      case "$2" in
        --token) COMPREPLY=(); return 0 ;;
        --token-command) COMPREPLY=(); return 0 ;;
      esac ;;
    'diff')
      case "$2" in
        -f|--file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
      esac ;;
    'enterprise-users disable-2fa')
      case "$2" in
        -g|--group) _hostctl_dynamic top-groups; return 0 ;;
      esac ;;
    'enterprise-users get')
      case "$2" in
        -g|--group) _hostctl_dynamic top-groups; return 0 ;;
      esac ;;
    'enterprise-users list')
      case "$2" in
        --username) _hostctl_dynamic users; return 0 ;;
        --search) COMPREPLY=(); return 0 ;;
        --created-after) COMPREPLY=(); return 0 ;;
        --created-before) COMPREPLY=(); return 0 ;;
        --two-factor) COMPREPLY=($(compgen -W 'enabled disabled' -- "$cur")); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
        -g|--group) _hostctl_dynamic top-groups; return 0 ;;
      esac ;;
    'error-tracking keys list')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'error-tracking keys create')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'error-tracking keys delete')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'error-tracking settings get')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
      esac ;;
    'error-tracking settings enable')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'error-tracking settings disable')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'export')
      case "$2" in
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --section) COMPREPLY=(); return 0 ;;
      esac ;;
    'freeze-periods create')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --start) COMPREPLY=(); return 0 ;;
        --end) COMPREPLY=(); return 0 ;;
        --timezone) _hostctl_dynamic timezones; return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'freeze-periods delete')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'freeze-periods get')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
      esac ;;
    'freeze-periods list')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'freeze-periods status')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --at) COMPREPLY=(); return 0 ;;
      esac ;;
    'freeze-periods update')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --start) COMPREPLY=(); return 0 ;;
        --end) COMPREPLY=(); return 0 ;;
        --timezone) _hostctl_dynamic timezones; return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'groups create')
      case "$2" in
        --name) COMPREPLY=(); return 0 ;;
        --path) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --visibility) COMPREPLY=($(compgen -W 'private internal public' -- "$cur")); return 0 ;;
        --description) COMPREPLY=(); return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'groups delete')
      case "$2" in
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
      esac ;;
    'groups get')
      case "$2" in
        -g|--group) _hostctl_dynamic groups; return 0 ;;
      esac ;;
    'groups list')
      case "$2" in
        --sort) COMPREPLY=($(compgen -W 'name name:asc name:desc path path:asc path:desc id id:asc id:desc similarity similarity:asc similarity:desc' -- "$cur")); return 0 ;;
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
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
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
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
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
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'members update')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --user) _hostctl_dynamic users; return 0 ;;
        --access-level) COMPREPLY=($(compgen -W 'guest planner reporter developer maintainer owner' -- "$cur")); return 0 ;;
        --expires-at) COMPREPLY=(); return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'milestones close')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'milestones create')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --title) COMPREPLY=(); return 0 ;;
        --description) COMPREPLY=(); return 0 ;;
        --start-date) COMPREPLY=(); return 0 ;;
        --due-date) COMPREPLY=(); return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
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
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'notifications get')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
      esac ;;
    'notifications outbox')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --user) _hostctl_dynamic users; return 0 ;;
        --event) COMPREPLY=($(compgen -W 'new_release moved_project' -- "$cur")); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'notifications set')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --level) COMPREPLY=($(compgen -W 'disabled participating watch global mention custom' -- "$cur")); return 0 ;;
        --on) COMPREPLY=($(compgen -W 'new_release new_note new_issue reopen_issue close_issue reassign_issue issue_due new_merge_request push_to_merge_request reopen_merge_request close_merge_request reassign_merge_request change_reviewer_merge_request merge_merge_request failed_pipeline fixed_pipeline success_pipeline moved_project merge_when_pipeline_succeeds new_epic approver' -- "$cur")); return 0 ;;
        --off) COMPREPLY=($(compgen -W 'new_release new_note new_issue reopen_issue close_issue reassign_issue issue_due new_merge_request push_to_merge_request reopen_merge_request close_merge_request reassign_merge_request change_reviewer_merge_request merge_merge_request failed_pipeline fixed_pipeline success_pipeline moved_project merge_when_pipeline_succeeds new_epic approver' -- "$cur")); return 0 ;;
        --email) COMPREPLY=(); return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'packages delete')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'packages delete-file')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'packages download')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --name) COMPREPLY=(); return 0 ;;
        --package-version) COMPREPLY=(); return 0 ;;
        -O|--output-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
      esac ;;
    'packages files')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --sort) COMPREPLY=($(compgen -W 'id id:asc id:desc file_name file_name:asc file_name:desc created created:asc created:desc' -- "$cur")); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'packages get')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
      esac ;;
    'packages list')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --sort) COMPREPLY=($(compgen -W 'created created:asc created:desc name name:asc name:desc version version:asc version:desc type type:asc type:desc project_path project_path:asc project_path:desc' -- "$cur")); return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --type) COMPREPLY=(); return 0 ;;
        --search) COMPREPLY=(); return 0 ;;
        --package-version) COMPREPLY=(); return 0 ;;
        --status) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'packages pipelines')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'packages protection list')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'packages protection add')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --pattern) COMPREPLY=(); return 0 ;;
        --type) COMPREPLY=(); return 0 ;;
        --push) COMPREPLY=(); return 0 ;;
        --delete) COMPREPLY=(); return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'packages protection update')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --pattern) COMPREPLY=(); return 0 ;;
        --type) COMPREPLY=(); return 0 ;;
        --push) COMPREPLY=(); return 0 ;;
        --delete) COMPREPLY=(); return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'packages protection remove')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'packages upload')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --name) COMPREPLY=(); return 0 ;;
        --package-version) COMPREPLY=(); return 0 ;;
        --status) COMPREPLY=(); return 0 ;;
        --path) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")); return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'pipelines cancel')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'pipelines create')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --ref) _hostctl_dynamic branches; return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'pipelines delete')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'pipelines get')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
      esac ;;
    'pipelines list')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --sort) COMPREPLY=($(compgen -W 'id id:asc id:desc status status:asc status:desc ref ref:asc ref:desc updated updated:asc updated:desc user_id user_id:asc user_id:desc' -- "$cur")); return 0 ;;
        --ref) _hostctl_dynamic branches; return 0 ;;
        --status) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'pipelines retry')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'projects archive')
      case "$2" in
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
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
        --storage) _hostctl_dynamic storages; return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'projects delete')
      case "$2" in
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'projects list')
      case "$2" in
        --sort) COMPREPLY=($(compgen -W 'id id:asc id:desc name name:asc name:desc path path:asc path:desc created created:asc created:desc updated updated:asc updated:desc last_activity last_activity:asc last_activity:desc star_count star_count:asc star_count:desc similarity similarity:asc similarity:desc storage_size storage_size:asc storage_size:desc repository_size repository_size:asc repository_size:desc wiki_size wiki_size:asc wiki_size:desc packages_size packages_size:asc packages_size:desc' -- "$cur")); return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --search) COMPREPLY=(); return 0 ;;
        --visibility) COMPREPLY=($(compgen -W 'private internal public' -- "$cur")); return 0 ;;
        --min-access-level) COMPREPLY=(); return 0 ;;
        --storage) _hostctl_dynamic storages; return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'projects share')
      case "$2" in
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --access-level) COMPREPLY=($(compgen -W 'guest planner reporter developer maintainer owner' -- "$cur")); return 0 ;;
        --expires-at) COMPREPLY=(); return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'projects transfer')
      case "$2" in
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --namespace) _hostctl_dynamic groups; return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'projects unarchive')
      case "$2" in
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'projects unshare')
      case "$2" in
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'projects update')
      case "$2" in
        --name) COMPREPLY=(); return 0 ;;
        --path) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --description) COMPREPLY=(); return 0 ;;
        --visibility) COMPREPLY=($(compgen -W 'private internal public' -- "$cur")); return 0 ;;
        --default-branch) COMPREPLY=(); return 0 ;;
        --storage) _hostctl_dynamic storages; return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'protected-envs get')
      case "$2" in
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        -R|--project) _hostctl_dynamic projects; return 0 ;;
      esac ;;
    'protected-envs list')
      case "$2" in
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'protected-envs protect')
      case "$2" in
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --deploy) COMPREPLY=(); return 0 ;;
        --approval) COMPREPLY=(); return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'protected-envs unprotect')
      case "$2" in
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'protected-envs update')
      case "$2" in
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --deploy) COMPREPLY=(); return 0 ;;
        --approval) COMPREPLY=(); return 0 ;;
        --remove-deploy) COMPREPLY=(); return 0 ;;
        --remove-approval) COMPREPLY=(); return 0 ;;
        --required-approvals) COMPREPLY=(); return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
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
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'releases delete')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'releases download')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --asset) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --source) COMPREPLY=(); return 0 ;;
        -O|--output-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
      esac ;;
    'releases evidence collect')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --timeout) COMPREPLY=(); return 0 ;;
      esac ;;
    'releases evidence list')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
      esac ;;
    'releases evidence download')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --id) COMPREPLY=(); return 0 ;;
        -O|--output-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
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
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'releases links update')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --name) COMPREPLY=(); return 0 ;;
        --link-url) COMPREPLY=(); return 0 ;;
        --path) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --type) COMPREPLY=(); return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'releases links delete')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'releases list')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --sort) COMPREPLY=($(compgen -W 'released released:asc released:desc created created:asc created:desc' -- "$cur")); return 0 ;;
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
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'releases upload')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --type) COMPREPLY=(); return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'restore')
      case "$2" in
        --storage) COMPREPLY=(); return 0 ;;
      esac ;;
    'saml configure')
      case "$2" in
        --sso-url) COMPREPLY=(); return 0 ;;
        --fingerprint) COMPREPLY=(); return 0 ;;
        --default-role) COMPREPLY=(); return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
        -g|--group) _hostctl_dynamic top-groups; return 0 ;;
      esac ;;
    'saml get')
      case "$2" in
        -g|--group) _hostctl_dynamic top-groups; return 0 ;;
      esac ;;
    'saml identities list')
      case "$2" in
        -g|--group) _hostctl_dynamic top-groups; return 0 ;;
      esac ;;
    'saml identities get')
      case "$2" in
        -g|--group) _hostctl_dynamic top-groups; return 0 ;;
      esac ;;
    'saml identities update')
      case "$2" in
        --extern-uid) COMPREPLY=(); return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
        -g|--group) _hostctl_dynamic top-groups; return 0 ;;
      esac ;;
    'saml identities delete')
      case "$2" in
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
        -g|--group) _hostctl_dynamic top-groups; return 0 ;;
      esac ;;
    'saml links list')
      case "$2" in
        -g|--group) _hostctl_dynamic top-groups; return 0 ;;
      esac ;;
    'saml links get')
      case "$2" in
        --provider) COMPREPLY=(); return 0 ;;
        -g|--group) _hostctl_dynamic top-groups; return 0 ;;
      esac ;;
    'saml links create')
      case "$2" in
        --provider) COMPREPLY=(); return 0 ;;
        -a|--access-level) COMPREPLY=($(compgen -W 'guest planner reporter developer maintainer owner' -- "$cur")); return 0 ;;
        --member-role) COMPREPLY=(); return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
        -g|--group) _hostctl_dynamic top-groups; return 0 ;;
      esac ;;
    'saml links delete')
      case "$2" in
        --provider) COMPREPLY=(); return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
        -g|--group) _hostctl_dynamic top-groups; return 0 ;;
      esac ;;
    'scim token')
      case "$2" in
        -g|--group) _hostctl_dynamic top-groups; return 0 ;;
      esac ;;
    'security-settings get')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
      esac ;;
    'security-settings update')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --secret-push-protection) COMPREPLY=($(compgen -W 'on off' -- "$cur")); return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'serve')
      case "$2" in
        --host) COMPREPLY=(); return 0 ;;
        --port) COMPREPLY=(); return 0 ;;
        --external-url) COMPREPLY=(); return 0 ;;
      esac ;;
    'snippets create')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --title) COMPREPLY=(); return 0 ;;
        --description) COMPREPLY=(); return 0 ;;
        --visibility) COMPREPLY=($(compgen -W 'private internal public' -- "$cur")); return 0 ;;
        --file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --filename) COMPREPLY=(); return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'snippets delete')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'snippets files')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
      esac ;;
    'snippets get')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
      esac ;;
    'snippets list')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --scope) COMPREPLY=($(compgen -W 'api read_api read_user create_runner manage_runner k8s_proxy read_repository write_repository read_registry write_registry read_virtual_registry write_virtual_registry read_service_ping sudo admin_mode ai_features self_rotate' -- "$cur")); return 0 ;;
        --created-after) COMPREPLY=(); return 0 ;;
        --created-before) COMPREPLY=(); return 0 ;;
        --storage) _hostctl_dynamic storages; return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'snippets raw')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --ref) _hostctl_dynamic branches; return 0 ;;
      esac ;;
    'snippets update')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --title) COMPREPLY=(); return 0 ;;
        --description) COMPREPLY=(); return 0 ;;
        --visibility) COMPREPLY=($(compgen -W 'private internal public' -- "$cur")); return 0 ;;
        --add) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --remove) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --rename) COMPREPLY=(); return 0 ;;
        --replace) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --filename) COMPREPLY=(); return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'storage-moves get')
      case "$2" in
        --kind) COMPREPLY=(); return 0 ;;
      esac ;;
    'storage-moves list')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --snippet) COMPREPLY=(); return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --kind) COMPREPLY=(); return 0 ;;
        --status) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'storage-moves schedule')
      case "$2" in
        --from) _hostctl_dynamic storages; return 0 ;;
        --to) _hostctl_dynamic storages; return 0 ;;
        --kind) COMPREPLY=(); return 0 ;;
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --snippet) COMPREPLY=(); return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --timeout) COMPREPLY=(); return 0 ;;
        --interval) COMPREPLY=(); return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'storage-moves wait')
      case "$2" in
        --kind) COMPREPLY=(); return 0 ;;
        --timeout) COMPREPLY=(); return 0 ;;
        --interval) COMPREPLY=(); return 0 ;;
      esac ;;
    'storages add')
      case "$2" in
        --weight) COMPREPLY=(); return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'storages remove')
      case "$2" in
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'tags create')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --ref) _hostctl_dynamic branches; return 0 ;;
        -m|--message) COMPREPLY=(); return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'tags delete')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
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
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
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
    'tokens revoke')
      case "$2" in
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'tokens rotate')
      case "$2" in
        --expires-at) COMPREPLY=(); return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'users block')
      case "$2" in
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'users create')
      case "$2" in
        --username) COMPREPLY=(); return 0 ;;
        --name) COMPREPLY=(); return 0 ;;
        --email) COMPREPLY=(); return 0 ;;
        --password) COMPREPLY=(); return 0 ;;
        --bio) COMPREPLY=(); return 0 ;;
        --organization) COMPREPLY=(); return 0 ;;
        --job-title) COMPREPLY=(); return 0 ;;
        --location) COMPREPLY=(); return 0 ;;
        --projects-limit) COMPREPLY=(); return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'users delete')
      case "$2" in
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'users list')
      case "$2" in
        --sort) COMPREPLY=($(compgen -W 'id id:asc id:desc name name:asc name:desc username username:asc username:desc created created:asc created:desc updated updated:asc updated:desc' -- "$cur")); return 0 ;;
        --search) COMPREPLY=(); return 0 ;;
        --username) _hostctl_dynamic users; return 0 ;;
        --two-factor) COMPREPLY=($(compgen -W 'enabled disabled' -- "$cur")); return 0 ;;
        --created-after) COMPREPLY=(); return 0 ;;
        --created-before) COMPREPLY=(); return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'users unblock')
      case "$2" in
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
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
        --two-factor) COMPREPLY=($(compgen -W 'enabled disabled' -- "$cur")); return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'wikis attachments list')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --branch) _hostctl_dynamic branches; return 0 ;;
        --page) COMPREPLY=(); return 0 ;;
        --per-page) COMPREPLY=(); return 0 ;;
        --limit) COMPREPLY=(); return 0 ;;
      esac ;;
    'wikis attachments download')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --branch) _hostctl_dynamic branches; return 0 ;;
        -O|--output-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
      esac ;;
    'wikis create')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --content) COMPREPLY=(); return 0 ;;
        --content-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --title) COMPREPLY=(); return 0 ;;
        --format) COMPREPLY=(); return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'wikis delete')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'wikis edit')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
      esac ;;
    'wikis get')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --at) COMPREPLY=(); return 0 ;;
      esac ;;
    'wikis history')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
      esac ;;
    'wikis list')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
      esac ;;
    'wikis update')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --content) COMPREPLY=(); return 0 ;;
        --content-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --title) COMPREPLY=(); return 0 ;;
        --format) COMPREPLY=(); return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
    'wikis upload')
      case "$2" in
        -R|--project) _hostctl_dynamic projects; return 0 ;;
        -g|--group) _hostctl_dynamic groups; return 0 ;;
        --branch) _hostctl_dynamic branches; return 0 ;;
        --filename) COMPREPLY=(); return 0 ;;
        --from-file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --parallel) COMPREPLY=(); return 0 ;;
      esac ;;
  esac
  case "$2" in
    -o|--output) COMPREPLY=($(compgen -W 'table wide json yaml jsonl csv' -- "$cur")); return 0 ;;
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
    'enterprise-users disable-2fa')
      case "$2" in
        1) _hostctl_dynamic top-groups ;;
        2) _hostctl_dynamic enterprise-users ;;
      esac ;;
    'enterprise-users get')
      case "$2" in
        1) _hostctl_dynamic top-groups ;;
        2) _hostctl_dynamic enterprise-users ;;
      esac ;;
    'enterprise-users list')
      case "$2" in
        1) _hostctl_dynamic top-groups ;;
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
    'packages upload')
      case "$2" in
        *) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")) ;;
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
    'projects share')
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
    'projects unshare')
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
    'releases evidence collect')
      case "$2" in
        1) _hostctl_dynamic tags ;;
      esac ;;
    'releases evidence list')
      case "$2" in
        1) _hostctl_dynamic tags ;;
      esac ;;
    'releases evidence download')
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
        *) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")) ;;
      esac ;;
    'restore')
      case "$2" in
        1) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")) ;;
      esac ;;
    'saml configure')
      case "$2" in
        1) _hostctl_dynamic top-groups ;;
      esac ;;
    'saml get')
      case "$2" in
        1) _hostctl_dynamic top-groups ;;
      esac ;;
    'saml identities list')
      case "$2" in
        1) _hostctl_dynamic top-groups ;;
      esac ;;
    'saml identities get')
      case "$2" in
        1) _hostctl_dynamic top-groups ;;
      esac ;;
    'saml identities update')
      case "$2" in
        1) _hostctl_dynamic top-groups ;;
      esac ;;
    'saml identities delete')
      case "$2" in
        1) _hostctl_dynamic top-groups ;;
      esac ;;
    'saml links list')
      case "$2" in
        1) _hostctl_dynamic top-groups ;;
      esac ;;
    'saml links get')
      case "$2" in
        1) _hostctl_dynamic top-groups ;;
      esac ;;
    'saml links create')
      case "$2" in
        1) _hostctl_dynamic top-groups ;;
      esac ;;
    'saml links delete')
      case "$2" in
        1) _hostctl_dynamic top-groups ;;
      esac ;;
    'scim token')
      case "$2" in
        1) _hostctl_dynamic top-groups ;;
      esac ;;
    'storages add')
      case "$2" in
        2) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")) ;;
      esac ;;
    'storages remove')
      case "$2" in
        1) _hostctl_dynamic storages ;;
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
    'wikis attachments download')
      case "$2" in
        1) _hostctl_dynamic wiki-attachments ;;
      esac ;;
    'wikis delete')
      case "$2" in
        1) _hostctl_dynamic wikis ;;
      esac ;;
    'wikis edit')
      case "$2" in
        1) _hostctl_dynamic wikis ;;
      esac ;;
    'wikis get')
      case "$2" in
        1) _hostctl_dynamic wikis ;;
      esac ;;
    'wikis history')
      case "$2" in
        1) _hostctl_dynamic wikis ;;
      esac ;;
    'wikis update')
      case "$2" in
        1) _hostctl_dynamic wikis ;;
      esac ;;
    'wikis upload')
      case "$2" in
        1) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")) ;;
      esac ;;
  esac
}

# Whether command path $1 takes its group as the first argument (saml get GROUP).
_hostctl_group_first() {
  case "$1" in
    'enterprise-users disable-2fa'|'enterprise-users get'|'enterprise-users list'|'groups delete'|'groups get'|'groups update'|'saml configure'|'saml get'|'saml identities list'|'saml identities get'|'saml identities update'|'saml identities delete'|'saml links list'|'saml links get'|'saml links create'|'saml links delete'|'scim token') return 0 ;;
  esac
  return 1
}

# Values from the current target (cached for a minute by hostctl itself), or of this machine
# (time zones). The project is the -R/--project/--repo value on the line; the group the
# -g/--group value, or the first argument of a command that takes a group first.
_hostctl_dynamic() {
  local project="" group="" i
  for ((i = 1; i < cword; i++)); do
    case "${words[i]}" in
      -R|--project|--repo) project="${words[i+1]}"; [[ "$project" == "=" ]] && project="${words[i+2]}" ;;
      -g|--group) group="${words[i+1]}"; [[ "$group" == "=" ]] && group="${words[i+2]}" ;;
    esac
  done
  [[ -z "$group" && -n "$first" ]] && _hostctl_group_first "$path" && group="$first"
  local IFS=$'\n'
  COMPREPLY=($("${words[0]}" __complete "$1" "$cur" "$project" "$group" --no-input 2>/dev/null))
}

_hostctl() {
  # The words with those bash split at a colon joined again (sort fields: created:desc).
  local -a words=()
  local cword=0 n w i cur=""
  for ((i = 0; i < ${#COMP_WORDS[@]}; i++)); do
    w="${COMP_WORDS[i]}"
    n=${#words[@]}
    if ((n > 1)) && [[ "$w" == : || "${words[n-1]}" == *: ]]; then words[n-1]+="$w"; else words+=("$w"); fi
    ((i == COMP_CWORD)) && cword=$((${#words[@]} - 1))
  done
  _hostctl_complete
  # readline replaces only the part after the last colon.
  if [[ "$cur" == *:* ]]; then
    local colon="${cur%"${cur##*:}"}"
    for i in "${!COMPREPLY[@]}"; do COMPREPLY[i]="${COMPREPLY[i]#"$colon"}"; done
  fi
  return 0
}

_hostctl_complete() {
  cur="${words[cword]}"
  local prev="" path="" sub first="" w i help=0 argn=0 gval=""
  ((cword > 0)) && prev="${words[cword-1]}"
  COMPREPLY=()
  # Walk the words before the cursor: skip options and their values, follow subcommands.
  for ((i = 1; i < cword; i++)); do
    w="${words[i]}"
    case "$w" in
      --access-level|--add|--approval|--asset|--at|--author|--author-email|--author-name|--bio|--branch|--color|--compress|--content|--content-file|--context|--context-name|--created-after|--created-before|--default-branch|--default-role|--delete|--deploy|--description|--due-date|--email|--end|--entity-type|--event|--exclude|--expires-after|--expires-at|--expires-before|--expires-within|--extern-uid|--external-url|--field|--fields|--file|--filename|--fingerprint|--format|--from|--from-file|--group|--header|--host|--id|--iid|--input|--interval|--job-title|--jq|--kind|--last-used-after|--last-used-before|--level|--limit|--link|--link-url|--location|--member-role|--merge|--message|--method|--milestone|--min-access-level|--name|--namespace|--notes|--notes-file|--off|--offering|--on|--organization|--output|--output-file|--package-version|--page|--parallel|--password|--path|--pattern|--per-page|--port|--project|--projects-limit|--provider|--push|--raw-field|--ref|--regex|--released-at|--remove|--remove-approval|--remove-deploy|--rename|--replace|--required-approvals|--root-token|--scope|--search|--secret-push-protection|--section|--shell|--since|--snippet|--sort|--source|--sso-url|--start|--start-branch|--start-date|--start-sha|--state|--status|--storage|--sudo|--tag|--tag-message|--tier|--timeout|--timezone|--title|--to|--token|--token-command|--two-factor|--type|--unprotect|--until|--url|--user|--username|--visibility|--weight|-F|-H|-O|-R|-X|-a|-f|-g|-m|-o|-q)
        ((i++))
        [[ "${words[i]}" == "=" ]] && ((i++))
        [[ "$w" == -g || "$w" == --group ]] && ((i < cword)) && gval="${words[i]}"
        continue ;;
      -*|=) continue ;;
    esac
    if [[ -z "$path" && $help == 0 && "$w" == help ]]; then help=1; continue; fi
    sub="$(_hostctl_sub "$path" "$w")"
    if ((argn == 0)) && [[ -n "$sub" ]]; then path="${path:+$path }$sub"; else ((argn == 0)) && first="$w"; ((argn++)); fi
  done
  # -g/--group gives a group-first command its GROUP: the words typed are the arguments after it.
  if [[ -n "$gval" ]] && _hostctl_group_first "$path"; then first="$gval"; ((argn++)); fi
  # --opt=value is split at "=" by bash.
  local opt="$prev"
  if [[ "$cur" == "=" ]]; then cur=""; elif [[ "$prev" == "=" ]] && ((cword > 1)); then opt="${words[cword-2]}"; fi
  if [[ "$opt" == -* ]] && _hostctl_value "$path" "$opt"; then return 0; fi
  if [[ "$cur" == -* ]]; then
    local globals='-o --output --fields -q --jq --context --state --url --sudo --no-input -y --yes --color --dry-run --debug -h --help'
    [[ -z "$path" ]] && globals='-V --version -o --output --fields -q --jq --context --state --url --sudo --no-input -y --yes --color --dry-run --debug -h --help'
    COMPREPLY=($(compgen -W "$(_hostctl_flags "$path") $globals" -- "$cur"))
    return 0
  fi
  local children="$(_hostctl_children "$path")"
  if ((help == 1)); then
    [[ -z "$path" ]] && children="$(_hostctl_children '') bulk environment exit-codes formatting"
    COMPREPLY=($(compgen -W "$children" -- "$cur"))
  elif ((argn == 0)) && [[ -n "$children" ]]; then
    # The user's aliases (hostctl alias set) beside the commands, read from the config file.
    [[ -z "$path" ]] && children="$children $("${COMP_WORDS[0]}" alias list --fields name --no-input 2>/dev/null)"
    COMPREPLY=($(compgen -W "$children" -- "$cur"))
  else
    _hostctl_args "$path" "$((argn + 1))"
  fi
  return 0
}

complete -F _hostctl hostctl
