# fish completion for hostctl 0.1.0. Generated from the command tree by `npm run gen:docs`.
# Save it as ~/.config/fish/completions/hostctl.fish, or: hostctl completion fish | source

# The command on the line so far: "", a noun, or "noun verb …" (canonical names); with
# --count the number of arguments after it, with --first the first of them.
function __hostctl_command
    set -l words (commandline -opc)
    set -e words[1]
    set -l path
    set -l skip 0
    set -l args 0
    set -l first
    set -l group
    for w in $words
        if test $skip != 0
            test $skip = g; and set group $w
            set skip 0
            continue
        end
        switch $w
            case -g --group
                set skip g
                continue
            case '--access-level' '--add' '--approval' '--asset' '--at' '--author' '--author-email' '--author-name' '--bio' '--branch' '--color' '--compress' '--content' '--content-file' '--context' '--context-name' '--created-after' '--created-before' '--default-branch' '--default-role' '--delete' '--deploy' '--description' '--due-date' '--email' '--end' '--entity-type' '--event' '--exclude' '--expires-after' '--expires-at' '--expires-before' '--expires-within' '--extern-uid' '--external-url' '--field' '--fields' '--file' '--filename' '--fingerprint' '--format' '--from' '--from-file' '--group' '--header' '--host' '--id' '--iid' '--input' '--interval' '--job-title' '--jq' '--kind' '--last-used-after' '--last-used-before' '--level' '--limit' '--link' '--link-url' '--location' '--member-role' '--merge' '--message' '--method' '--milestone' '--min-access-level' '--name' '--namespace' '--notes' '--notes-file' '--off' '--offering' '--on' '--organization' '--output' '--output-file' '--package-version' '--page' '--parallel' '--password' '--path' '--pattern' '--per-page' '--port' '--project' '--projects-limit' '--provider' '--push' '--raw-field' '--ref' '--regex' '--released-at' '--remove' '--remove-approval' '--remove-deploy' '--rename' '--replace' '--required-approvals' '--root-token' '--scope' '--search' '--secret-push-protection' '--section' '--shell' '--since' '--snippet' '--sort' '--source' '--sso-url' '--start' '--start-branch' '--start-date' '--start-sha' '--state' '--status' '--storage' '--sudo' '--tag' '--tag-message' '--tier' '--timeout' '--timezone' '--title' '--to' '--token' '--token-command' '--two-factor' '--type' '--unprotect' '--until' '--url' '--user' '--username' '--visibility' '--weight' '-F' '-H' '-O' '-R' '-X' '-a' '-f' '-g' '-m' '-o' '-q'
                set skip 1
                continue
            case '-*'
                continue
        end
        if test $args = 0
            # `help` first: the path is "help", then "help NOUN …", whose subcommands are offered.
            if test -z "$path"; and test "$w" = help
                set path help
                continue
            end
            set -l sub (__hostctl_sub (string replace -r '^help ?' '' -- "$path") $w)
            if test -n "$sub"
                set path (string trim -- "$path $sub")
                continue
            end
            set first $w
        end
        set args (math $args + 1)
    end
    # -g/--group gives a group-first command its GROUP: the words typed are the arguments after it.
    if test -n "$group"; and __hostctl_group_first "$path"
        set first $group
        set args (math $args + 1)
    end
    switch "$argv[1]"
        case --count
            echo $args
        case --first
            echo $first
        case '*'
            echo $path
    end
end

# Whether the cursor is on argument $argv[1] (from 1) of the command, or past it with $argv[2] = more.
function __hostctl_arg
    set -l n (math (__hostctl_command --count) + 1)
    test $n -eq $argv[1]; or begin; test "$argv[2]" = more; and test $n -gt $argv[1]; end
end

# The canonical name of word $argv[2] under command path $argv[1].
function __hostctl_sub
    switch "$argv[1]|$argv[2]"
        case '|alias' '|aliases'
            echo alias
        case 'alias|delete' 'alias|remove' 'alias|rm'
            echo delete
        case 'alias|list' 'alias|ls'
            echo list
        case 'alias|set'
            echo set
        case '|api'
            echo api
        case '|apply'
            echo apply
        case '|audit-events' '|audit-event'
            echo audit-events
        case 'audit-events|get' 'audit-events|view' 'audit-events|show'
            echo get
        case 'audit-events|list' 'audit-events|ls'
            echo list
        case '|auth'
            echo auth
        case 'auth|status' 'auth|whoami'
            echo status
        case '|backup'
            echo backup
        case '|branches' '|branch'
            echo branches
        case 'branches|create'
            echo create
        case 'branches|delete' 'branches|rm'
            echo delete
        case 'branches|delete-merged'
            echo delete-merged
        case 'branches|get' 'branches|view' 'branches|show'
            echo get
        case 'branches|list' 'branches|ls'
            echo list
        case 'branches|protect'
            echo protect
        case 'branches|protections' 'branches|protection'
            echo protections
        case 'branches protections|list' 'branches protections|ls'
            echo list
        case 'branches protections|get' 'branches protections|view' 'branches protections|show'
            echo get
        case 'branches protections|update' 'branches protections|edit'
            echo update
        case 'branches|unprotect'
            echo unprotect
        case '|commands'
            echo commands
        case '|commits' '|commit'
            echo commits
        case 'commits|create'
            echo create
        case 'commits|get' 'commits|view' 'commits|show'
            echo get
        case 'commits|list' 'commits|ls' 'commits|log'
            echo list
        case '|completion'
            echo completion
        case '|context' '|contexts'
            echo context
        case 'context|add'
            echo add
        case 'context|get' 'context|view' 'context|show'
            echo get
        case 'context|list' 'context|ls'
            echo list
        case 'context|remove' 'context|rm' 'context|delete'
            echo remove
        case 'context|rename'
            echo rename
        case 'context|set-token' 'context|update'
            echo set-token
        case 'context|use' 'context|switch'
            echo use
        case '|diff'
            echo diff
        case '|doctor'
            echo doctor
        case '|enterprise-users' '|enterprise-user'
            echo enterprise-users
        case 'enterprise-users|disable-2fa'
            echo disable-2fa
        case 'enterprise-users|get' 'enterprise-users|view' 'enterprise-users|show'
            echo get
        case 'enterprise-users|list' 'enterprise-users|ls'
            echo list
        case '|error-tracking'
            echo error-tracking
        case 'error-tracking|keys' 'error-tracking|key'
            echo keys
        case 'error-tracking keys|list' 'error-tracking keys|ls'
            echo list
        case 'error-tracking keys|create'
            echo create
        case 'error-tracking keys|delete' 'error-tracking keys|rm'
            echo delete
        case 'error-tracking|settings'
            echo settings
        case 'error-tracking settings|get' 'error-tracking settings|view' 'error-tracking settings|show'
            echo get
        case 'error-tracking settings|enable'
            echo enable
        case 'error-tracking settings|disable'
            echo disable
        case '|export'
            echo export
        case '|extension' '|extensions'
            echo extension
        case 'extension|list' 'extension|ls'
            echo list
        case '|freeze-periods' '|freeze-period'
            echo freeze-periods
        case 'freeze-periods|create'
            echo create
        case 'freeze-periods|delete' 'freeze-periods|rm'
            echo delete
        case 'freeze-periods|get' 'freeze-periods|view' 'freeze-periods|show'
            echo get
        case 'freeze-periods|list' 'freeze-periods|ls'
            echo list
        case 'freeze-periods|status'
            echo status
        case 'freeze-periods|update' 'freeze-periods|edit'
            echo update
        case '|groups' '|group'
            echo groups
        case 'groups|create'
            echo create
        case 'groups|delete' 'groups|rm'
            echo delete
        case 'groups|get' 'groups|view' 'groups|show'
            echo get
        case 'groups|list' 'groups|ls'
            echo list
        case 'groups|update' 'groups|edit'
            echo update
        case '|init'
            echo init
        case '|members' '|member'
            echo members
        case 'members|add'
            echo add
        case 'members|list' 'members|ls'
            echo list
        case 'members|remove' 'members|rm'
            echo remove
        case 'members|update' 'members|edit'
            echo update
        case '|milestones' '|milestone'
            echo milestones
        case 'milestones|close'
            echo close
        case 'milestones|create'
            echo create
        case 'milestones|get' 'milestones|view' 'milestones|show'
            echo get
        case 'milestones|list' 'milestones|ls'
            echo list
        case 'milestones|update' 'milestones|edit'
            echo update
        case '|notifications' '|notification'
            echo notifications
        case 'notifications|get' 'notifications|view' 'notifications|show'
            echo get
        case 'notifications|outbox'
            echo outbox
        case 'notifications|set' 'notifications|update'
            echo set
        case '|packages' '|package'
            echo packages
        case 'packages|delete' 'packages|rm'
            echo delete
        case 'packages|delete-file'
            echo delete-file
        case 'packages|download'
            echo download
        case 'packages|files'
            echo files
        case 'packages|get' 'packages|view' 'packages|show'
            echo get
        case 'packages|list' 'packages|ls'
            echo list
        case 'packages|pipelines'
            echo pipelines
        case 'packages|protection'
            echo protection
        case 'packages protection|list' 'packages protection|ls'
            echo list
        case 'packages protection|add' 'packages protection|create'
            echo add
        case 'packages protection|update' 'packages protection|edit'
            echo update
        case 'packages protection|remove' 'packages protection|rm' 'packages protection|delete'
            echo remove
        case 'packages|upload' 'packages|publish'
            echo upload
        case '|pipelines' '|pipeline'
            echo pipelines
        case 'pipelines|cancel'
            echo cancel
        case 'pipelines|create'
            echo create
        case 'pipelines|delete' 'pipelines|rm'
            echo delete
        case 'pipelines|get' 'pipelines|view' 'pipelines|show'
            echo get
        case 'pipelines|list' 'pipelines|ls'
            echo list
        case 'pipelines|retry'
            echo retry
        case '|projects' '|project'
            echo projects
        case 'projects|archive'
            echo archive
        case 'projects|create'
            echo create
        case 'projects|delete' 'projects|rm'
            echo delete
        case 'projects|get' 'projects|view' 'projects|show'
            echo get
        case 'projects|list' 'projects|ls'
            echo list
        case 'projects|share'
            echo share
        case 'projects|transfer'
            echo transfer
        case 'projects|unarchive'
            echo unarchive
        case 'projects|unshare'
            echo unshare
        case 'projects|update' 'projects|edit'
            echo update
        case '|protected-envs' '|protected-env'
            echo protected-envs
        case 'protected-envs|get' 'protected-envs|view' 'protected-envs|show'
            echo get
        case 'protected-envs|list' 'protected-envs|ls'
            echo list
        case 'protected-envs|protect'
            echo protect
        case 'protected-envs|unprotect' 'protected-envs|rm'
            echo unprotect
        case 'protected-envs|update' 'protected-envs|edit'
            echo update
        case '|releases' '|release'
            echo releases
        case 'releases|create'
            echo create
        case 'releases|delete' 'releases|rm'
            echo delete
        case 'releases|download'
            echo download
        case 'releases|evidence' 'releases|evidences'
            echo evidence
        case 'releases evidence|collect'
            echo collect
        case 'releases evidence|list' 'releases evidence|ls'
            echo list
        case 'releases evidence|download'
            echo download
        case 'releases|get' 'releases|view' 'releases|show'
            echo get
        case 'releases|latest'
            echo latest
        case 'releases|links' 'releases|link'
            echo links
        case 'releases links|list' 'releases links|ls'
            echo list
        case 'releases links|add' 'releases links|create'
            echo add
        case 'releases links|update' 'releases links|edit'
            echo update
        case 'releases links|delete' 'releases links|rm'
            echo delete
        case 'releases|list' 'releases|ls'
            echo list
        case 'releases|update' 'releases|edit'
            echo update
        case 'releases|upload'
            echo upload
        case '|restore'
            echo restore
        case '|saml'
            echo saml
        case 'saml|configure'
            echo configure
        case 'saml|get' 'saml|view' 'saml|show'
            echo get
        case 'saml|identities' 'saml|identity'
            echo identities
        case 'saml identities|list' 'saml identities|ls'
            echo list
        case 'saml identities|get' 'saml identities|view' 'saml identities|show'
            echo get
        case 'saml identities|update' 'saml identities|edit'
            echo update
        case 'saml identities|delete' 'saml identities|rm'
            echo delete
        case 'saml|links' 'saml|link'
            echo links
        case 'saml links|list' 'saml links|ls'
            echo list
        case 'saml links|get' 'saml links|view' 'saml links|show'
            echo get
        case 'saml links|create' 'saml links|add'
            echo create
        case 'saml links|delete' 'saml links|rm'
            echo delete
        case '|scim'
            echo scim
        case 'scim|token'
            echo token
        case '|security-settings'
            echo security-settings
        case 'security-settings|get' 'security-settings|view' 'security-settings|show'
            echo get
        case 'security-settings|update' 'security-settings|set' 'security-settings|edit'
            echo update
        case '|serve'
            echo serve
        case '|snippets' '|snippet'
            echo snippets
        case 'snippets|create'
            echo create
        case 'snippets|delete' 'snippets|rm'
            echo delete
        case 'snippets|files'
            echo files
        case 'snippets|get' 'snippets|view' 'snippets|show'
            echo get
        case 'snippets|list' 'snippets|ls'
            echo list
        case 'snippets|raw' 'snippets|cat'
            echo raw
        case 'snippets|update' 'snippets|edit'
            echo update
        case '|storage-moves' '|storage-move'
            echo storage-moves
        case 'storage-moves|get' 'storage-moves|view' 'storage-moves|show'
            echo get
        case 'storage-moves|list' 'storage-moves|ls'
            echo list
        case 'storage-moves|schedule'
            echo schedule
        case 'storage-moves|wait'
            echo wait
        case '|storages' '|storage'
            echo storages
        case 'storages|add'
            echo add
        case 'storages|list' 'storages|ls'
            echo list
        case 'storages|remove' 'storages|rm'
            echo remove
        case '|tags' '|tag'
            echo tags
        case 'tags|create'
            echo create
        case 'tags|delete' 'tags|rm'
            echo delete
        case 'tags|get' 'tags|view' 'tags|show'
            echo get
        case 'tags|list' 'tags|ls'
            echo list
        case '|tokens' '|token'
            echo tokens
        case 'tokens|associations'
            echo associations
        case 'tokens|create'
            echo create
        case 'tokens|get' 'tokens|view' 'tokens|show'
            echo get
        case 'tokens|list' 'tokens|ls'
            echo list
        case 'tokens|revoke' 'tokens|delete'
            echo revoke
        case 'tokens|rotate'
            echo rotate
        case '|users' '|user'
            echo users
        case 'users|block'
            echo block
        case 'users|create'
            echo create
        case 'users|delete' 'users|rm'
            echo delete
        case 'users|get' 'users|view' 'users|show'
            echo get
        case 'users|list' 'users|ls'
            echo list
        case 'users|unblock'
            echo unblock
        case 'users|update' 'users|edit'
            echo update
        case '|whoami'
            echo whoami
        case '|wikis' '|wiki'
            echo wikis
        case 'wikis|attachments' 'wikis|attachment'
            echo attachments
        case 'wikis attachments|list' 'wikis attachments|ls'
            echo list
        case 'wikis attachments|download'
            echo download
        case 'wikis|create'
            echo create
        case 'wikis|delete' 'wikis|rm'
            echo delete
        case 'wikis|edit'
            echo edit
        case 'wikis|get' 'wikis|view' 'wikis|show'
            echo get
        case 'wikis|history' 'wikis|log'
            echo history
        case 'wikis|list' 'wikis|ls'
            echo list
        case 'wikis|update'
            echo update
        case 'wikis|upload'
            echo upload
    end
end

# Values from the current target (cached by hostctl for a minute), or of this machine (time
# zones). The project is the -R/--project/--repo value on the line; the group the -g/--group
# value, or with group-first the first argument after the command path.
function __hostctl_dynamic
    set -l words (commandline -opc)
    set -l project
    set -l group
    for i in (seq (count $words))
        if contains -- $words[$i] -R --project --repo
            set project $words[(math $i + 1)]
        else if contains -- $words[$i] -g --group
            set group $words[(math $i + 1)]
        end
    end
    if test -z "$group"; and test "$argv[2]" = group-first
        set group (__hostctl_command --first)
    end
    hostctl __complete $argv[1] (commandline -ct) "$project" "$group" --no-input 2>/dev/null
end

# Whether command path $argv[1] takes its group as the first argument (saml get GROUP).
function __hostctl_group_first
    switch "$argv[1]"
        case 'enterprise-users disable-2fa' 'enterprise-users get' 'enterprise-users list' 'groups delete' 'groups get' 'groups update' 'saml configure' 'saml get' 'saml identities list' 'saml identities get' 'saml identities update' 'saml identities delete' 'saml links list' 'saml links get' 'saml links create' 'saml links delete' 'scim token'
            return 0
    end
    return 1
end

function __hostctl_at
    set -l current (__hostctl_command)
    test "$current" = "$argv[1]"
end

function __hostctl_contexts
    hostctl context list --fields name --no-input 2>/dev/null
end

function __hostctl_aliases
    hostctl alias list --fields name --no-input 2>/dev/null
end

complete -c hostctl -f

# Global options
complete -c hostctl -n '__hostctl_at \'\'' -s V -l version -d 'output the version number'
complete -c hostctl -n 'true' -s o -l output -x -a 'table wide json yaml jsonl csv' -d 'output format'
complete -c hostctl -n 'true' -l fields -x -d 'comma-separated fields to show (dotted paths allowed)'
complete -c hostctl -n 'true' -s q -l jq -x -d 'filter the JSON answer with a jq expression (across all pages with --all)'
complete -c hostctl -n 'true' -l context -x -a '(__hostctl_contexts)' -d 'use this context instead of the current one'
complete -c hostctl -n 'true' -l state -x -a '(__fish_complete_directories)' -d 'use this local state directory'
complete -c hostctl -n 'true' -l url -x -d 'use the remote instance at this URL'
complete -c hostctl -n 'true' -l sudo -x -d 'act as another user (administrators; token needs the sudo scope)'
complete -c hostctl -n 'true' -l no-input -d 'never prompt; missing values are usage errors'
complete -c hostctl -n 'true' -s y -l yes -d 'answer yes to confirmations'
complete -c hostctl -n 'true' -l color -x -a 'auto always never' -d 'colour in output'
complete -c hostctl -n 'true' -l dry-run -d 'print the request a change would send (secrets redacted) and send nothing'
complete -c hostctl -n 'true' -l debug -d 'trace HTTP requests on stderr (secrets redacted; HOSTCTL_DEBUG=stack adds stack traces)'
complete -c hostctl -n 'true' -s h -l help -d 'display help for command'

# Nouns
complete -c hostctl -n '__hostctl_at \'\'' -a alias -d 'Command aliases: list, set (a hostctl command line, or a shell command with --shell), delete'
complete -c hostctl -n '__hostctl_at \'\'' -a api -d 'Send any request to the API v4 (local or remote) and print the answer'
complete -c hostctl -n '__hostctl_at \'\'' -a apply -d 'Change the target to match settings files: show the plan, confirm, apply in dependency order'
complete -c hostctl -n '__hostctl_at \'\'' -a audit-events -d 'Audit events (who changed what, when and from where): list (instance, group, project; --follow), get'
complete -c hostctl -n '__hostctl_at \'\'' -a auth -d 'Who you are on the current target: status (also hostctl whoami)'
complete -c hostctl -n '__hostctl_at \'\'' -a backup -d 'Back up a local state (database, repositories, packages, settings) into one verified archive, online'
complete -c hostctl -n '__hostctl_at \'\'' -a branches -d 'Branches of a project: list, get, create, delete, delete-merged, protect, unprotect, protections'
complete -c hostctl -n '__hostctl_at \'\'' -a commands -d 'List the commands, their arguments and flags, which ones list pages and which ask first (for scripts and agents)'
complete -c hostctl -n '__hostctl_at \'\'' -a commits -d 'Commits of a project: list, get, create (commit files from disk)'
complete -c hostctl -n '__hostctl_at \'\'' -a completion -d 'Print the shell completion script for bash, zsh or fish, or install it'
complete -c hostctl -n '__hostctl_at \'\'' -a context -d 'Named targets (a local state directory, or a remote instance with its token): list, get, add, use, rename, set-token, remove'
complete -c hostctl -n '__hostctl_at \'\'' -a diff -d 'Show what apply would change to match settings files (exit 11 when the target differs)'
complete -c hostctl -n '__hostctl_at \'\'' -a doctor -d 'Check that a state (or a remote instance) is healthy; --fix repairs what is safe'
complete -c hostctl -n '__hostctl_at \'\'' -a enterprise-users -d 'Enterprise users of a top-level group: list, get, disable-2fa'
complete -c hostctl -n '__hostctl_at \'\'' -a error-tracking -d 'Error tracking of a project: settings (get, enable, disable), keys (client keys with their DSN)'
complete -c hostctl -n '__hostctl_at \'\'' -a export -d 'Write the current settings of groups and projects as a settings file for diff and apply'
complete -c hostctl -n '__hostctl_at \'\'' -a extension -d 'Extensions (executables named hostctl-NAME on PATH, run as hostctl NAME): list'
complete -c hostctl -n '__hostctl_at \'\'' -a freeze-periods -d 'Deploy freeze periods of a project: list, get, create (guided on a terminal), update, delete, status'
complete -c hostctl -n '__hostctl_at \'\'' -a groups -d 'Groups and subgroups: list, get, create, update, delete'
complete -c hostctl -n '__hostctl_at \'\'' -a init -d 'Create a local state directory (an instance with an administrator and its token)'
complete -c hostctl -n '__hostctl_at \'\'' -a members -d 'Members of projects and groups, with their roles'
complete -c hostctl -n '__hostctl_at \'\'' -a milestones -d 'Milestones of projects and groups: list, get, create, update, close'
complete -c hostctl -n '__hostctl_at \'\'' -a notifications -d 'Your notification settings (global, group, project) and the notification outbox'
complete -c hostctl -n '__hostctl_at \'\'' -a packages -d 'Package registry: list, get, files, pipelines, delete, delete-file, upload, download (generic packages), protection (rules)'
complete -c hostctl -n '__hostctl_at \'\'' -a pipelines -d 'Pipelines of a project: list, get, create (with a job token for publishing packages), cancel, retry, delete'
complete -c hostctl -n '__hostctl_at \'\'' -a projects -d 'Projects: list, get, create, update, archive, unarchive, transfer, delete'
complete -c hostctl -n '__hostctl_at \'\'' -a protected-envs -d 'Protected environments of groups (tiers) and projects, who may deploy and who must approve: list, get, protect, update, unprotect'
complete -c hostctl -n '__hostctl_at \'\'' -a releases -d 'Releases of a project: list, get, create, update, delete, latest, download, upload, evidence (collect, list, download), links (asset links)'
complete -c hostctl -n '__hostctl_at \'\'' -a restore -d 'Create a state from a backup archive (every checksum and every row\'s bytes verified first), or --check an archive'
complete -c hostctl -n '__hostctl_at \'\'' -a saml -d 'A top-level group\'s SAML: configure, get (the provider), identities, links (SAML group links)'
complete -c hostctl -n '__hostctl_at \'\'' -a scim -d 'A group\'s SCIM provisioning token for identity providers'
complete -c hostctl -n '__hostctl_at \'\'' -a security-settings -d 'Security settings of a project (Ultimate): get, update (secret push protection on or off)'
complete -c hostctl -n '__hostctl_at \'\'' -a serve -d 'Serve a local state over HTTP as an API v4 instance'
complete -c hostctl -n '__hostctl_at \'\'' -a snippets -d 'Snippets (personal or of a project): list, get, files, raw, create (from files), update, delete'
complete -c hostctl -n '__hostctl_at \'\'' -a storage-moves -d 'Moves of project, snippet and group repositories between storages: schedule, list, get, wait'
complete -c hostctl -n '__hostctl_at \'\'' -a storages -d 'Repository storages of a hostctl instance: list (with usage), add, remove'
complete -c hostctl -n '__hostctl_at \'\'' -a tags -d 'Tags of a project: list, get, create (lightweight or annotated), delete'
complete -c hostctl -n '__hostctl_at \'\'' -a tokens -d 'Personal access tokens: list, get, create, rotate, revoke, associations'
complete -c hostctl -n '__hostctl_at \'\'' -a users -d 'Users (administrators): list, get, create, update, block, unblock, delete'
complete -c hostctl -n '__hostctl_at \'\'' -a whoami -d 'Show the target, the user and the token in use (name, scopes, expiry)'
complete -c hostctl -n '__hostctl_at \'\'' -a wikis -d 'Wiki pages of projects and groups: list, get (or rendered as HTML), create, update, edit, delete, history, upload, attachments (list, download)'
complete -c hostctl -n '__hostctl_at \'\'' -a help -d 'Show help for a command'
complete -c hostctl -n '__hostctl_at \'\'' -a '(__hostctl_aliases)' -d alias
complete -c hostctl -n '__hostctl_at \'help\'' -a 'alias api apply audit-events auth backup branches commands commits completion context diff doctor enterprise-users error-tracking export extension freeze-periods groups init members milestones notifications packages pipelines projects protected-envs releases restore saml scim security-settings serve snippets storage-moves storages tags tokens users whoami wikis bulk environment exit-codes formatting'
complete -c hostctl -n '__hostctl_at \'help alias\'' -a 'delete list set'
complete -c hostctl -n '__hostctl_at \'help audit-events\'' -a 'get list'
complete -c hostctl -n '__hostctl_at \'help auth\'' -a 'status'
complete -c hostctl -n '__hostctl_at \'help branches\'' -a 'create delete delete-merged get list protect protections unprotect'
complete -c hostctl -n '__hostctl_at \'help branches protections\'' -a 'list get update'
complete -c hostctl -n '__hostctl_at \'help commits\'' -a 'create get list'
complete -c hostctl -n '__hostctl_at \'help context\'' -a 'add get list remove rename set-token use'
complete -c hostctl -n '__hostctl_at \'help enterprise-users\'' -a 'disable-2fa get list'
complete -c hostctl -n '__hostctl_at \'help error-tracking\'' -a 'keys settings'
complete -c hostctl -n '__hostctl_at \'help error-tracking keys\'' -a 'list create delete'
complete -c hostctl -n '__hostctl_at \'help error-tracking settings\'' -a 'get enable disable'
complete -c hostctl -n '__hostctl_at \'help extension\'' -a 'list'
complete -c hostctl -n '__hostctl_at \'help freeze-periods\'' -a 'create delete get list status update'
complete -c hostctl -n '__hostctl_at \'help groups\'' -a 'create delete get list update'
complete -c hostctl -n '__hostctl_at \'help members\'' -a 'add list remove update'
complete -c hostctl -n '__hostctl_at \'help milestones\'' -a 'close create get list update'
complete -c hostctl -n '__hostctl_at \'help notifications\'' -a 'get outbox set'
complete -c hostctl -n '__hostctl_at \'help packages\'' -a 'delete delete-file download files get list pipelines protection upload'
complete -c hostctl -n '__hostctl_at \'help packages protection\'' -a 'list add update remove'
complete -c hostctl -n '__hostctl_at \'help pipelines\'' -a 'cancel create delete get list retry'
complete -c hostctl -n '__hostctl_at \'help projects\'' -a 'archive create delete get list share transfer unarchive unshare update'
complete -c hostctl -n '__hostctl_at \'help protected-envs\'' -a 'get list protect unprotect update'
complete -c hostctl -n '__hostctl_at \'help releases\'' -a 'create delete download evidence get latest links list update upload'
complete -c hostctl -n '__hostctl_at \'help releases evidence\'' -a 'collect list download'
complete -c hostctl -n '__hostctl_at \'help releases links\'' -a 'list add update delete'
complete -c hostctl -n '__hostctl_at \'help saml\'' -a 'configure get identities links'
complete -c hostctl -n '__hostctl_at \'help saml identities\'' -a 'list get update delete'
complete -c hostctl -n '__hostctl_at \'help saml links\'' -a 'list get create delete'
complete -c hostctl -n '__hostctl_at \'help scim\'' -a 'token'
complete -c hostctl -n '__hostctl_at \'help security-settings\'' -a 'get update'
complete -c hostctl -n '__hostctl_at \'help snippets\'' -a 'create delete files get list raw update'
complete -c hostctl -n '__hostctl_at \'help storage-moves\'' -a 'get list schedule wait'
complete -c hostctl -n '__hostctl_at \'help storages\'' -a 'add list remove'
complete -c hostctl -n '__hostctl_at \'help tags\'' -a 'create delete get list'
complete -c hostctl -n '__hostctl_at \'help tokens\'' -a 'associations create get list revoke rotate'
complete -c hostctl -n '__hostctl_at \'help users\'' -a 'block create delete get list unblock update'
complete -c hostctl -n '__hostctl_at \'help wikis\'' -a 'attachments create delete edit get history list update upload'
complete -c hostctl -n '__hostctl_at \'help wikis attachments\'' -a 'list download'

# alias
complete -c hostctl -n '__hostctl_at \'alias\'' -a delete -d 'Remove a command alias (confirms on a terminal)'
complete -c hostctl -n '__hostctl_at \'alias\'' -a list -d 'List command aliases and what each expands to'
complete -c hostctl -n '__hostctl_at \'alias\'' -a set -d 'Add a command alias: NAME runs EXPANSION, with $1… taking the words after NAME and the rest appended'

# audit-events
complete -c hostctl -n '__hostctl_at \'audit-events\'' -a get -d 'Show one audit event (of the instance, or of a group or project)'
complete -c hostctl -n '__hostctl_at \'audit-events\'' -a list -d 'List audit events, newest first (instance: administrators; --group: Owners; --project: Maintainers); --follow prints new ones as they happen'

# auth
complete -c hostctl -n '__hostctl_at \'auth\'' -a status -d 'Show the target, the user and the token in use (name, scopes, expiry)'

# branches
complete -c hostctl -n '__hostctl_at \'branches\'' -a create -d 'Create a branch from a branch, tag or commit (Developer)'
complete -c hostctl -n '__hostctl_at \'branches\'' -a delete -d 'Delete a branch (never the default branch; protected ones need a Maintainer)'
complete -c hostctl -n '__hostctl_at \'branches\'' -a delete-merged -d 'Delete every branch merged into the default branch, in the background (protected branches are kept)'
complete -c hostctl -n '__hostctl_at \'branches\'' -a get -d 'Show one branch with its tip commit'
complete -c hostctl -n '__hostctl_at \'branches\'' -a list -d 'List a project\'s branches, sorted by name, with their merged and protected flags'
complete -c hostctl -n '__hostctl_at \'branches\'' -a protect -d 'Protect a branch or a wildcard such as release/* (Maintainer)'
complete -c hostctl -n '__hostctl_at \'branches\'' -a protections -d 'Branch protection rules: list, get, update'
complete -c hostctl -n '__hostctl_at \'branches\'' -a unprotect -d 'Remove the protection of a branch or wildcard (Maintainer)'

# branches protections
complete -c hostctl -n '__hostctl_at \'branches protections\'' -a list -d 'List a project\'s branch protection rules'
complete -c hostctl -n '__hostctl_at \'branches protections\'' -a get -d 'Show one protection rule (a branch name or wildcard)'
complete -c hostctl -n '__hostctl_at \'branches protections\'' -a update -d 'Change who may push, merge or unprotect, and force pushes (Maintainer)'

# commits
complete -c hostctl -n '__hostctl_at \'commits\'' -a create -d 'Commit files from disk to a branch as one commit (Developer)'
complete -c hostctl -n '__hostctl_at \'commits\'' -a get -d 'Show one commit, by SHA, branch or tag'
complete -c hostctl -n '__hostctl_at \'commits\'' -a list -d 'List commits of a branch, tag or range (newest first)'

# context
complete -c hostctl -n '__hostctl_at \'context\'' -a add -d 'Add a context: a local state directory (--state DIR) or a remote instance (--url URL), with its token'
complete -c hostctl -n '__hostctl_at \'context\'' -a get -d 'Show the target and token a command would use, and why (flag, environment or config)'
complete -c hostctl -n '__hostctl_at \'context\'' -a list -d 'List contexts; the current one is marked with *'
complete -c hostctl -n '__hostctl_at \'context\'' -a remove -d 'Remove a context (its state directory or instance is left alone); confirms on a terminal'
complete -c hostctl -n '__hostctl_at \'context\'' -a rename -d 'Rename a context; it stays the current one if it was'
complete -c hostctl -n '__hostctl_at \'context\'' -a set-token -d 'Replace a context\'s token, or the command that prints it (checked against its target first, unless --no-verify)'
complete -c hostctl -n '__hostctl_at \'context\'' -a use -d 'Make a context the current one (asks which on a terminal when NAME is left out)'

# enterprise-users
complete -c hostctl -n '__hostctl_at \'enterprise-users\'' -a disable-2fa -d 'Disable an enterprise user\'s two-factor authentication (Owner)'
complete -c hostctl -n '__hostctl_at \'enterprise-users\'' -a get -d 'Show one enterprise user with their SAML and SCIM identities'
complete -c hostctl -n '__hostctl_at \'enterprise-users\'' -a list -d 'List a top-level group\'s enterprise users, newest first (Owner; hosted offering)'

# error-tracking
complete -c hostctl -n '__hostctl_at \'error-tracking\'' -a keys -d 'A project\'s error tracking client keys: list, create, delete'
complete -c hostctl -n '__hostctl_at \'error-tracking\'' -a settings -d 'A project\'s error tracking settings: get, enable, disable'

# error-tracking keys
complete -c hostctl -n '__hostctl_at \'error-tracking keys\'' -a list -d 'List the error tracking client keys of a project with their DSNs (Maintainer)'
complete -c hostctl -n '__hostctl_at \'error-tracking keys\'' -a create -d 'Create an error tracking client key (Maintainer); prints the DSN for the application\'s configuration'
complete -c hostctl -n '__hostctl_at \'error-tracking keys\'' -a delete -d 'Delete an error tracking client key (Maintainer); applications using its DSN stop reporting'

# error-tracking settings
complete -c hostctl -n '__hostctl_at \'error-tracking settings\'' -a get -d 'Show the error tracking settings of a project (Maintainer); not found until configured'
complete -c hostctl -n '__hostctl_at \'error-tracking settings\'' -a enable -d 'Turn on integrated error tracking for a project (Maintainer); creates the settings'
complete -c hostctl -n '__hostctl_at \'error-tracking settings\'' -a disable -d 'Turn off error tracking for a project (Maintainer); the settings and keys are kept'

# extension
complete -c hostctl -n '__hostctl_at \'extension\'' -a list -d 'List the extensions on PATH (executables named hostctl-NAME, run as hostctl NAME) and whether each runs'

# freeze-periods
complete -c hostctl -n '__hostctl_at \'freeze-periods\'' -a create -d 'Create a deploy freeze period (Maintainer); on a terminal without --start/--end, a guided setup'
complete -c hostctl -n '__hostctl_at \'freeze-periods\'' -a delete -d 'Delete a deploy freeze period (Maintainer); refused when it changed since it was read'
complete -c hostctl -n '__hostctl_at \'freeze-periods\'' -a get -d 'Show one deploy freeze period'
complete -c hostctl -n '__hostctl_at \'freeze-periods\'' -a list -d 'List a project\'s deploy freeze periods (Reporter), oldest first'
complete -c hostctl -n '__hostctl_at \'freeze-periods\'' -a status -d 'Is the project in a deploy freeze now (or at --at)? Exit 0 when not frozen, 10 when frozen'
complete -c hostctl -n '__hostctl_at \'freeze-periods\'' -a update -d 'Change a deploy freeze period (Maintainer): any of start, end, time zone'

# groups
complete -c hostctl -n '__hostctl_at \'groups\'' -a create -d 'Create a group, or a subgroup with --group'
complete -c hostctl -n '__hostctl_at \'groups\'' -a delete -d 'Delete a group with its subgroups and projects (Owner)'
complete -c hostctl -n '__hostctl_at \'groups\'' -a get -d 'Show one group (by id or full path)'
complete -c hostctl -n '__hostctl_at \'groups\'' -a list -d 'List groups (administrators see all of them)'
complete -c hostctl -n '__hostctl_at \'groups\'' -a update -d 'Change a group (Owner); a new --path moves everything below it'

# members
complete -c hostctl -n '__hostctl_at \'members\'' -a add -d 'Add a user to a project or group with a role'
complete -c hostctl -n '__hostctl_at \'members\'' -a list -d 'List the members of a project or group'
complete -c hostctl -n '__hostctl_at \'members\'' -a remove -d 'Remove a member from a project or group'
complete -c hostctl -n '__hostctl_at \'members\'' -a update -d 'Change a member\'s role or membership expiry'

# milestones
complete -c hostctl -n '__hostctl_at \'milestones\'' -a close -d 'Close a milestone (Reporter); reopen it with: hostctl milestones update ID --reopen'
complete -c hostctl -n '__hostctl_at \'milestones\'' -a create -d 'Create a milestone in a project or group (Reporter)'
complete -c hostctl -n '__hostctl_at \'milestones\'' -a get -d 'Show one milestone (by its id)'
complete -c hostctl -n '__hostctl_at \'milestones\'' -a list -d 'List the milestones of a project or group (due date first)'
complete -c hostctl -n '__hostctl_at \'milestones\'' -a update -d 'Change a milestone (Reporter); --close and --reopen change its state'

# notifications
complete -c hostctl -n '__hostctl_at \'notifications\'' -a get -d 'Show your notification setting: global, or for a group or project'
complete -c hostctl -n '__hostctl_at \'notifications\'' -a outbox -d 'Who would have been notified of new releases and project moves, per the settings (yours; administrators see everyone)'
complete -c hostctl -n '__hostctl_at \'notifications\'' -a set -d 'Change your notification setting: level, events on or off (they count with --level custom), notification email (global)'

# packages
complete -c hostctl -n '__hostctl_at \'packages\'' -a delete -d 'Delete a package and all its files (Maintainer; protection rules may ask for more)'
complete -c hostctl -n '__hostctl_at \'packages\'' -a delete-file -d 'Delete one file of a package (Maintainer)'
complete -c hostctl -n '__hostctl_at \'packages\'' -a download -d 'Download a file of a generic package, checking its SHA-256 (streamed; a failed download leaves nothing behind)'
complete -c hostctl -n '__hostctl_at \'packages\'' -a files -d 'List a package\'s files with their sizes and checksums'
complete -c hostctl -n '__hostctl_at \'packages\'' -a get -d 'Show one package with its other versions (default and deprecated packages)'
complete -c hostctl -n '__hostctl_at \'packages\'' -a list -d 'List a project\'s packages, or those of a group\'s projects (default, deprecated and error packages unless --status)'
complete -c hostctl -n '__hostctl_at \'packages\'' -a pipelines -d 'List the pipelines that published a package (newest first; --all follows the cursor)'
complete -c hostctl -n '__hostctl_at \'packages\'' -a protection -d 'Package protection rules: list, add, update, remove'
complete -c hostctl -n '__hostctl_at \'packages\'' -a upload -d 'Publish files to a generic package (streamed, never held in memory; progress on a terminal)'

# packages protection
complete -c hostctl -n '__hostctl_at \'packages protection\'' -a list -d 'List a project\'s package protection rules (Maintainer)'
complete -c hostctl -n '__hostctl_at \'packages protection\'' -a add -d 'Protect packages whose name matches a pattern: who may publish and who may delete them'
complete -c hostctl -n '__hostctl_at \'packages protection\'' -a update -d 'Change a package protection rule'
complete -c hostctl -n '__hostctl_at \'packages protection\'' -a remove -d 'Remove a package protection rule'

# pipelines
complete -c hostctl -n '__hostctl_at \'pipelines\'' -a cancel -d 'Cancel a pipeline\'s jobs that have not finished (Developer)'
complete -c hostctl -n '__hostctl_at \'pipelines\'' -a create -d 'Create a pipeline for a ref (it stays created: there are no runners) and show its job token once'
complete -c hostctl -n '__hostctl_at \'pipelines\'' -a delete -d 'Delete a pipeline and its job records (Owner); packages it built stay'
complete -c hostctl -n '__hostctl_at \'pipelines\'' -a get -d 'Show one pipeline'
complete -c hostctl -n '__hostctl_at \'pipelines\'' -a list -d 'List a project\'s pipelines (newest first)'
complete -c hostctl -n '__hostctl_at \'pipelines\'' -a retry -d 'Run a pipeline\'s failed or canceled jobs again (Developer)'

# projects
complete -c hostctl -n '__hostctl_at \'projects\'' -a archive -d 'Archive a project: read-only, hidden from default lists (Owner)'
complete -c hostctl -n '__hostctl_at \'projects\'' -a create -d 'Create a project in a group or a personal namespace'
complete -c hostctl -n '__hostctl_at \'projects\'' -a delete -d 'Delete a project and its repository (Owner)'
complete -c hostctl -n '__hostctl_at \'projects\'' -a get -d 'Show one project (by id or full path)'
complete -c hostctl -n '__hostctl_at \'projects\'' -a list -d 'List projects (administrators see all of them)'
complete -c hostctl -n '__hostctl_at \'projects\'' -a share -d 'Share a project with a group: its members get access up to a role (Maintainer; Owner to give owner; you need a role in the group)'
complete -c hostctl -n '__hostctl_at \'projects\'' -a transfer -d 'Move a project to another group or user namespace (Owner of both)'
complete -c hostctl -n '__hostctl_at \'projects\'' -a unarchive -d 'Make an archived project writable again (Owner)'
complete -c hostctl -n '__hostctl_at \'projects\'' -a unshare -d 'Stop sharing a project with a group: its members lose the access the share gave (Maintainer)'
complete -c hostctl -n '__hostctl_at \'projects\'' -a update -d 'Change a project\'s name, path, description, visibility, default branch or storage'

# protected-envs
complete -c hostctl -n '__hostctl_at \'protected-envs\'' -a get -d 'Show one protected environment: who may deploy and who must approve'
complete -c hostctl -n '__hostctl_at \'protected-envs\'' -a list -d 'List the protected environments of a group (Owner) or a project (Maintainer), by name'
complete -c hostctl -n '__hostctl_at \'protected-envs\'' -a protect -d 'Protect an environment: who may deploy (--deploy) and who must approve (--approval)'
complete -c hostctl -n '__hostctl_at \'protected-envs\'' -a unprotect -d 'Unprotect an environment (anyone who may deploy to it otherwise then may)'
complete -c hostctl -n '__hostctl_at \'protected-envs\'' -a update -d 'Add or remove who may deploy and who must approve, or set the approvals required'

# releases
complete -c hostctl -n '__hostctl_at \'releases\'' -a create -d 'Create a release (Developer); with --ref the tag is created when it does not exist yet'
complete -c hostctl -n '__hostctl_at \'releases\'' -a delete -d 'Delete a release (Developer); its git tag is kept'
complete -c hostctl -n '__hostctl_at \'releases\'' -a download -d 'Download a release\'s asset (by its direct asset path) or a source archive of its tag'
complete -c hostctl -n '__hostctl_at \'releases\'' -a evidence -d 'A release\'s evidence: collect (the default), list, download'
complete -c hostctl -n '__hostctl_at \'releases\'' -a get -d 'Show one release by its tag: notes and assets (like gh release view)'
complete -c hostctl -n '__hostctl_at \'releases\'' -a latest -d 'Show the project\'s latest release (the permalink /releases/permalink/latest)'
complete -c hostctl -n '__hostctl_at \'releases\'' -a links -d 'A release\'s asset links: list, add, update, delete'
complete -c hostctl -n '__hostctl_at \'releases\'' -a list -d 'List a project\'s releases (newest release date first), or those of a group\'s projects'
complete -c hostctl -n '__hostctl_at \'releases\'' -a update -d 'Change a release\'s name, notes, date or milestones (Developer)'
complete -c hostctl -n '__hostctl_at \'releases\'' -a upload -d 'Attach assets to a release: URLs, each optionally URL#label (Developer)'

# releases evidence
complete -c hostctl -n '__hostctl_at \'releases evidence\'' -a collect -d 'Collect evidence for a release (paid tiers; self-managed and dedicated); runs in the background'
complete -c hostctl -n '__hostctl_at \'releases evidence\'' -a list -d 'List a release\'s evidences (newest first): id, when collected, SHA-256 of the document'
complete -c hostctl -n '__hostctl_at \'releases evidence\'' -a download -d 'Download a release\'s evidence document (JSON; the newest unless --id), as the server stored it'

# releases links
complete -c hostctl -n '__hostctl_at \'releases links\'' -a list -d 'List a release\'s asset links (newest first)'
complete -c hostctl -n '__hostctl_at \'releases links\'' -a add -d 'Add an asset link to a release (Developer)'
complete -c hostctl -n '__hostctl_at \'releases links\'' -a update -d 'Change a release\'s asset link (Developer); give --name or --link-url, or both'
complete -c hostctl -n '__hostctl_at \'releases links\'' -a delete -d 'Remove an asset link from a release (Developer)'

# saml
complete -c hostctl -n '__hostctl_at \'saml\'' -a configure -d 'Configure a top-level group\'s SAML provider (Owner or administrator; hostctl extension)'
complete -c hostctl -n '__hostctl_at \'saml\'' -a get -d 'Show a top-level group\'s SAML provider (Owner or administrator; hostctl extension)'
complete -c hostctl -n '__hostctl_at \'saml\'' -a identities -d 'A group\'s SAML (or SCIM) identities: list, get, update, delete'
complete -c hostctl -n '__hostctl_at \'saml\'' -a links -d 'A group\'s SAML group links: list, get, create, delete'

# saml identities
complete -c hostctl -n '__hostctl_at \'saml identities\'' -a list -d 'List a group\'s SAML (or --scim SCIM) identities'
complete -c hostctl -n '__hostctl_at \'saml identities\'' -a get -d 'Show one identity by its extern_uid'
complete -c hostctl -n '__hostctl_at \'saml identities\'' -a update -d 'Change an identity\'s extern_uid (the user is told the link changed)'
complete -c hostctl -n '__hostctl_at \'saml identities\'' -a delete -d 'Delete an identity (the user can no longer sign in through it)'

# saml links
complete -c hostctl -n '__hostctl_at \'saml links\'' -a list -d 'List a group\'s SAML group links'
complete -c hostctl -n '__hostctl_at \'saml links\'' -a get -d 'Show one SAML group link'
complete -c hostctl -n '__hostctl_at \'saml links\'' -a create -d 'Link a SAML group to a role (and optionally a custom member role and a provider)'
complete -c hostctl -n '__hostctl_at \'saml links\'' -a delete -d 'Delete a SAML group link'

# scim
complete -c hostctl -n '__hostctl_at \'scim\'' -a token -d 'Generate the group\'s SCIM provisioning token for an identity provider (Owner; replaces the previous one; printed once)'

# security-settings
complete -c hostctl -n '__hostctl_at \'security-settings\'' -a get -d 'Show the security settings of a project (Ultimate; Developer)'
complete -c hostctl -n '__hostctl_at \'security-settings\'' -a update -d 'Turn secret push protection on or off (Ultimate; Maintainer)'

# snippets
complete -c hostctl -n '__hostctl_at \'snippets\'' -a create -d 'Create a snippet from files on disk (each is stored under its own name)'
complete -c hostctl -n '__hostctl_at \'snippets\'' -a delete -d 'Delete a snippet and its repository'
complete -c hostctl -n '__hostctl_at \'snippets\'' -a files -d 'List the files of a snippet with their raw URLs'
complete -c hostctl -n '__hostctl_at \'snippets\'' -a get -d 'Show one snippet: title, visibility, files, URLs'
complete -c hostctl -n '__hostctl_at \'snippets\'' -a list -d 'List snippets: yours (default), the public ones, every one you can see, or a project\'s'
complete -c hostctl -n '__hostctl_at \'snippets\'' -a raw -d 'Write a snippet file\'s content to standard output, byte for byte (a snippet of several files needs --file or --all, or asks which)'
complete -c hostctl -n '__hostctl_at \'snippets\'' -a update -d 'Change a snippet\'s title, description or visibility, and its files in one commit'

# storage-moves
complete -c hostctl -n '__hostctl_at \'storage-moves\'' -a get -d 'Show one repository storage move (move ids are unique across kinds on hostctl instances)'
complete -c hostctl -n '__hostctl_at \'storage-moves\'' -a list -d 'List repository storage moves, newest first: all kinds, one kind, or one container\'s'
complete -c hostctl -n '__hostctl_at \'storage-moves\'' -a schedule -d 'Move repositories to another storage: every one of a kind on a storage (--from), or one container\'s'
complete -c hostctl -n '__hostctl_at \'storage-moves\'' -a wait -d 'Wait for storage moves already scheduled to finish or fail (after schedule --wait timed out, or from another shell)'

# storages
complete -c hostctl -n '__hostctl_at \'storages\'' -a add -d 'Add a repository storage (a directory; relative paths are inside the state directory) to a running instance'
complete -c hostctl -n '__hostctl_at \'storages\'' -a list -d 'List repository storages: path, repositories per kind, bytes used and free (hostctl instances)'
complete -c hostctl -n '__hostctl_at \'storages\'' -a remove -d 'Remove a repository storage that holds nothing (refused while any repository or move uses it)'

# tags
complete -c hostctl -n '__hostctl_at \'tags\'' -a create -d 'Create a tag at a branch, tag or commit; with --message an annotated one (Developer)'
complete -c hostctl -n '__hostctl_at \'tags\'' -a delete -d 'Delete a tag (and the release made from it)'
complete -c hostctl -n '__hostctl_at \'tags\'' -a get -d 'Show one tag with its commit and release'
complete -c hostctl -n '__hostctl_at \'tags\'' -a list -d 'List a project\'s tags (most recently created first)'

# tokens
complete -c hostctl -n '__hostctl_at \'tokens\'' -a associations -d 'Groups and projects the token in use can reach, with its role in each'
complete -c hostctl -n '__hostctl_at \'tokens\'' -a create -d 'Create a personal access token for a user (administrators); the secret is shown once'
complete -c hostctl -n '__hostctl_at \'tokens\'' -a get -d 'Show one token; "self" is the token hostctl is using'
complete -c hostctl -n '__hostctl_at \'tokens\'' -a list -d 'List personal access tokens (administrators see every user\'s)'
complete -c hostctl -n '__hostctl_at \'tokens\'' -a revoke -d 'Revoke a token at once; "self" revokes the token hostctl is using'
complete -c hostctl -n '__hostctl_at \'tokens\'' -a rotate -d 'Revoke a token and issue its successor (same name and scopes); without ID, pick one interactively'

# users
complete -c hostctl -n '__hostctl_at \'users\'' -a block -d 'Block a user: no sign-in, no API, no Git access (administrators)'
complete -c hostctl -n '__hostctl_at \'users\'' -a create -d 'Create a user (administrators)'
complete -c hostctl -n '__hostctl_at \'users\'' -a delete -d 'Delete a user (administrators)'
complete -c hostctl -n '__hostctl_at \'users\'' -a get -d 'Show one user (by id or username)'
complete -c hostctl -n '__hostctl_at \'users\'' -a list -d 'List users'
complete -c hostctl -n '__hostctl_at \'users\'' -a unblock -d 'Unblock a blocked user (administrators)'
complete -c hostctl -n '__hostctl_at \'users\'' -a update -d 'Change a user (administrators)'

# wikis
complete -c hostctl -n '__hostctl_at \'wikis\'' -a attachments -d 'A wiki\'s attachments (files under uploads/): list, download'
complete -c hostctl -n '__hostctl_at \'wikis\'' -a create -d 'Create a wiki page (Developer); a title with / makes directories'
complete -c hostctl -n '__hostctl_at \'wikis\'' -a delete -d 'Delete a wiki page (Maintainer); its history stays in the wiki repository'
complete -c hostctl -n '__hostctl_at \'wikis\'' -a edit -d 'Edit a wiki page in $VISUAL or $EDITOR (on a terminal); saves only when the text changed'
complete -c hostctl -n '__hostctl_at \'wikis\'' -a get -d 'Show a wiki page (its text in table output; --html renders it)'
complete -c hostctl -n '__hostctl_at \'wikis\'' -a history -d 'List a wiki page\'s versions (the wiki commits that changed it), newest first'
complete -c hostctl -n '__hostctl_at \'wikis\'' -a list -d 'List the pages of a project or group wiki'
complete -c hostctl -n '__hostctl_at \'wikis\'' -a update -d 'Change a wiki page\'s content, title (moves it) or format (Developer)'
complete -c hostctl -n '__hostctl_at \'wikis\'' -a upload -d 'Upload an attachment to the wiki repository; prints its path and a Markdown link (Developer)'

# wikis attachments
complete -c hostctl -n '__hostctl_at \'wikis attachments\'' -a list -d 'List a wiki\'s attachments (the files wikis upload stored under uploads/), by path'
complete -c hostctl -n '__hostctl_at \'wikis attachments\'' -a download -d 'Download a wiki attachment by its path (uploads/…, as wikis upload and wikis attachments list show it)'

# alias set
complete -c hostctl -n '__hostctl_at \'alias set\'' -l shell -d 'run EXPANSION with sh -c (pipes, several commands; the words after NAME are $1, $2…); same as a leading !'
complete -c hostctl -n '__hostctl_at \'alias set\'' -l clobber -d 'replace an alias of that name'

# api
complete -c hostctl -n '__hostctl_at \'api\'' -s X -l method -x -d 'HTTP method (default: GET, or POST when fields or --input are given without --paginate)'
complete -c hostctl -n '__hostctl_at \'api\'' -s f -l raw-field -x -d 'a string parameter (repeatable; key[]=v for arrays, key[sub]=v for hashes)'
complete -c hostctl -n '__hostctl_at \'api\'' -s F -l field -x -d 'a typed parameter: numbers, true, false and null become JSON values; @file reads a file, @- standard input (repeatable)'
complete -c hostctl -n '__hostctl_at \'api\'' -s H -l header -x -d 'an extra request header, \'Name: value\' (repeatable)'
complete -c hostctl -n '__hostctl_at \'api\'' -l paginate -d 'follow Link rel=next and print every page as one JSON array (GET only; pages of 100 unless per_page is given)'
complete -c hostctl -n '__hostctl_at \'api\'' -s i -l include -d 'print the status line and the response headers before the body'
complete -c hostctl -n '__hostctl_at \'api\'' -l silent -d 'print no body'
complete -c hostctl -n '__hostctl_at \'api\'' -l input -r -F -d 'the JSON request body, from a file (- for standard input); -f/-F then go to the query'

# apply
complete -c hostctl -n '__hostctl_at \'apply\'' -s f -l file -r -F -d 'a settings file (YAML or JSON; repeat for several, - for stdin)'
complete -c hostctl -n '__hostctl_at \'apply\'' -l prune -d 'also remove what the file does not declare, within the sections it declares for each group or project'
complete -c hostctl -n '__hostctl_at \'apply\'' -l keep-going -d 'after a failed step, go on with the steps that do not depend on it (those that do are skipped)'

# audit-events get
complete -c hostctl -n '__hostctl_at \'audit-events get\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'audit-events get\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'the group (id or full path)'

# audit-events list
complete -c hostctl -n '__hostctl_at \'audit-events list\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'audit-events list\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'the group (id or full path): its events and its projects\''
complete -c hostctl -n '__hostctl_at \'audit-events list\'' -l since -x -d 'only events at or after this time: a duration ago (30m, 2h, 7d) or a date or time'
complete -c hostctl -n '__hostctl_at \'audit-events list\'' -l until -x -d 'only events at or before this date or time'
complete -c hostctl -n '__hostctl_at \'audit-events list\'' -l author -x -d 'only events by this user (username or id)'
complete -c hostctl -n '__hostctl_at \'audit-events list\'' -l entity-type -x -d 'only events about this kind of entity (User, Group, Project, Gitlab::Audit::InstanceScope; instance list)'
complete -c hostctl -n '__hostctl_at \'audit-events list\'' -l event -x -d 'only events with this name (e.g. personal_access_token_created)'
complete -c hostctl -n '__hostctl_at \'audit-events list\'' -s f -l follow -d 'keep printing new events as they are recorded (Ctrl-C stops); with --since, those since then first'
complete -c hostctl -n '__hostctl_at \'audit-events list\'' -l interval -x -d 'with --follow against an instance without the stream extension: how often to poll'
complete -c hostctl -n '__hostctl_at \'audit-events list\'' -l page -x -d 'page number to fetch'
complete -c hostctl -n '__hostctl_at \'audit-events list\'' -l per-page -x -d 'items per page (the server caps it at 100)'
complete -c hostctl -n '__hostctl_at \'audit-events list\'' -l all -d 'fetch every page, following the Link header'
complete -c hostctl -n '__hostctl_at \'audit-events list\'' -l limit -x -d 'stop after N items, across pages'

# backup
complete -c hostctl -n '__hostctl_at \'backup\'' -s O -l output-file -r -F -d 'the archive to write (it appears only once it is complete)'
complete -c hostctl -n '__hostctl_at \'backup\'' -l clobber -d 'replace the file when it exists (only once the new archive is complete)'
complete -c hostctl -n '__hostctl_at \'backup\'' -l exclude -x -d 'leave a part out: packages, repositories (repeatable)'
complete -c hostctl -n '__hostctl_at \'backup\'' -l compress -x -d 'none or gzip (default: gzip for a .gz/.tgz name, else none)'

# branches create
complete -c hostctl -n '__hostctl_at \'branches create\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'branches create\'' -l ref -x -a '(__hostctl_dynamic branches)' -d 'branch, tag or commit SHA to start from (required)'
complete -c hostctl -n '__hostctl_at \'branches create\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'branches create\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'branches create\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# branches delete
complete -c hostctl -n '__hostctl_at \'branches delete\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'branches delete\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'branches delete\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'branches delete\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'branches delete\'; and __hostctl_arg 1' -a '(__hostctl_dynamic branches)'

# branches delete-merged
complete -c hostctl -n '__hostctl_at \'branches delete-merged\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'

# branches get
complete -c hostctl -n '__hostctl_at \'branches get\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'branches get\'; and __hostctl_arg 1' -a '(__hostctl_dynamic branches)'

# branches list
complete -c hostctl -n '__hostctl_at \'branches list\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'branches list\'' -l sort -x -a 'name name:asc updated updated:asc updated:desc' -d 'sort by one of name, updated, optionally :asc or :desc'
complete -c hostctl -n '__hostctl_at \'branches list\'' -l search -x -d 'name contains the term; ^term matches the start, term$ the end, * any run of characters'
complete -c hostctl -n '__hostctl_at \'branches list\'' -l regex -x -d 'name matches this RE2 regular expression'
complete -c hostctl -n '__hostctl_at \'branches list\'' -l page -x -d 'page number to fetch'
complete -c hostctl -n '__hostctl_at \'branches list\'' -l per-page -x -d 'items per page (the server caps it at 100)'
complete -c hostctl -n '__hostctl_at \'branches list\'' -l all -d 'fetch every page, following the Link header'
complete -c hostctl -n '__hostctl_at \'branches list\'' -l limit -x -d 'stop after N items, across pages'

# branches protect
complete -c hostctl -n '__hostctl_at \'branches protect\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'branches protect\'' -l push -x -d 'who may push: no-one, developer, maintainer (default) or admin'
complete -c hostctl -n '__hostctl_at \'branches protect\'' -l merge -x -d 'who may merge: no-one, developer, maintainer (default) or admin'
complete -c hostctl -n '__hostctl_at \'branches protect\'' -l unprotect -x -d 'who may unprotect: developer, maintainer (default) or admin'
complete -c hostctl -n '__hostctl_at \'branches protect\'' -l allow-force-push -d 'allow force pushes'
complete -c hostctl -n '__hostctl_at \'branches protect\'' -l code-owner-approval -d 'require code owner approval'
complete -c hostctl -n '__hostctl_at \'branches protect\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'branches protect\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'branches protect\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'branches protect\'; and __hostctl_arg 1' -a '(__hostctl_dynamic branches)'

# branches protections list
complete -c hostctl -n '__hostctl_at \'branches protections list\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'branches protections list\'' -l search -x -d 'rule name contains this text'
complete -c hostctl -n '__hostctl_at \'branches protections list\'' -l page -x -d 'page number to fetch'
complete -c hostctl -n '__hostctl_at \'branches protections list\'' -l per-page -x -d 'items per page (the server caps it at 100)'
complete -c hostctl -n '__hostctl_at \'branches protections list\'' -l all -d 'fetch every page, following the Link header'
complete -c hostctl -n '__hostctl_at \'branches protections list\'' -l limit -x -d 'stop after N items, across pages'

# branches protections get
complete -c hostctl -n '__hostctl_at \'branches protections get\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'branches protections get\'; and __hostctl_arg 1' -a '(__hostctl_dynamic branches)'

# branches protections update
complete -c hostctl -n '__hostctl_at \'branches protections update\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'branches protections update\'' -l push -x -d 'who may push: no-one, developer, maintainer or admin'
complete -c hostctl -n '__hostctl_at \'branches protections update\'' -l merge -x -d 'who may merge: no-one, developer, maintainer or admin'
complete -c hostctl -n '__hostctl_at \'branches protections update\'' -l unprotect -x -d 'who may unprotect: developer, maintainer or admin'
complete -c hostctl -n '__hostctl_at \'branches protections update\'' -l allow-force-push -d 'allow force pushes'
complete -c hostctl -n '__hostctl_at \'branches protections update\'' -l no-allow-force-push -d 'forbid force pushes'
complete -c hostctl -n '__hostctl_at \'branches protections update\'' -l code-owner-approval -d 'require code owner approval'
complete -c hostctl -n '__hostctl_at \'branches protections update\'' -l no-code-owner-approval -d 'do not require code owner approval'
complete -c hostctl -n '__hostctl_at \'branches protections update\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'branches protections update\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'branches protections update\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'branches protections update\'; and __hostctl_arg 1' -a '(__hostctl_dynamic branches)'

# branches unprotect
complete -c hostctl -n '__hostctl_at \'branches unprotect\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'branches unprotect\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'branches unprotect\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'branches unprotect\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'branches unprotect\'; and __hostctl_arg 1' -a '(__hostctl_dynamic branches)'

# commits create
complete -c hostctl -n '__hostctl_at \'commits create\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'commits create\'' -l branch -x -a '(__hostctl_dynamic branches)' -d 'branch to commit to (required)'
complete -c hostctl -n '__hostctl_at \'commits create\'' -s m -l message -x -d 'commit message (required)'
complete -c hostctl -n '__hostctl_at \'commits create\'' -l add -x -d 'add or replace a file from disk, optionally at another repository path (repeatable)'
complete -c hostctl -n '__hostctl_at \'commits create\'' -l delete -x -d 'delete a file of the repository (repeatable)'
complete -c hostctl -n '__hostctl_at \'commits create\'' -l start-branch -x -d 'create --branch from this branch'
complete -c hostctl -n '__hostctl_at \'commits create\'' -l start-sha -x -d 'create --branch from this commit'
complete -c hostctl -n '__hostctl_at \'commits create\'' -l author-name -x -d 'author name (default: you)'
complete -c hostctl -n '__hostctl_at \'commits create\'' -l author-email -x -d 'author email (default: yours)'
complete -c hostctl -n '__hostctl_at \'commits create\'' -l force -d 'with --start-branch/--start-sha, overwrite --branch if it exists'
complete -c hostctl -n '__hostctl_at \'commits create\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'commits create\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'commits create\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# commits get
complete -c hostctl -n '__hostctl_at \'commits get\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'commits get\'' -l no-stats -d 'leave out the added and deleted line counts'

# commits list
complete -c hostctl -n '__hostctl_at \'commits list\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'commits list\'' -l ref -x -a '(__hostctl_dynamic branches)' -d 'branch, tag, commit or a..b range (default: the default branch)'
complete -c hostctl -n '__hostctl_at \'commits list\'' -l path -r -F -d 'only commits that touch this file or directory'
complete -c hostctl -n '__hostctl_at \'commits list\'' -l since -x -d 'committed at or after this ISO time'
complete -c hostctl -n '__hostctl_at \'commits list\'' -l until -x -d 'committed at or before this ISO time'
complete -c hostctl -n '__hostctl_at \'commits list\'' -l first-parent -d 'follow only the first parent of merge commits'
complete -c hostctl -n '__hostctl_at \'commits list\'' -l stats -d 'include added and deleted line counts'
complete -c hostctl -n '__hostctl_at \'commits list\'' -l page -x -d 'page number to fetch'
complete -c hostctl -n '__hostctl_at \'commits list\'' -l per-page -x -d 'items per page (the server caps it at 100)'
complete -c hostctl -n '__hostctl_at \'commits list\'' -l all -d 'fetch every page, following the Link header'
complete -c hostctl -n '__hostctl_at \'commits list\'' -l limit -x -d 'stop after N items, across pages'

# completion
complete -c hostctl -n '__hostctl_at \'completion\'' -l shell -x -a 'bash zsh fish' -d 'with install: the shell to install for (default: the one $SHELL names)'
complete -c hostctl -n '__hostctl_at \'completion\'' -l no-rc -d 'with install: never change the shell\'s startup file; print the lines it needs instead'
complete -c hostctl -n '__hostctl_at \'completion\'; and __hostctl_arg 1' -a 'bash zsh fish install'
complete -c hostctl -n '__hostctl_at \'completion\'; and __hostctl_arg 2' -a 'bash zsh fish'

# context add
complete -c hostctl -n '__hostctl_at \'context add\'' -l token -x -d 'the personal access token (visible in shell history and process lists: prefer --token-stdin)'
complete -c hostctl -n '__hostctl_at \'context add\'' -l token-stdin -d 'read the token from standard input'
complete -c hostctl -n '__hostctl_at \'context add\'' -l token-command -x -d 'a shell command that prints the token (its first line), run when a command needs it, so the secret stays in a password store: pass, secret-tool, op, security'
complete -c hostctl -n '__hostctl_at \'context add\'' -l use -d 'make it the current context'
complete -c hostctl -n '__hostctl_at \'context add\'' -l force -d 'replace an existing context of that name'
complete -c hostctl -n '__hostctl_at \'context add\'' -l no-verify -d 'save without checking the state directory, the URL or the token'

# context set-token
complete -c hostctl -n '__hostctl_at \'context set-token\'' -l token -x -d 'the personal access token (visible in shell history and process lists: prefer --token-stdin)'
complete -c hostctl -n '__hostctl_at \'context set-token\'' -l token-stdin -d 'read the token from standard input'
complete -c hostctl -n '__hostctl_at \'context set-token\'' -l token-command -x -d 'a shell command that prints the token (its first line), run when a command needs it, so the secret stays in a password store: pass, secret-tool, op, security'
complete -c hostctl -n '__hostctl_at \'context set-token\'' -l no-verify -d 'save without asking the target whether it accepts the token'

# diff
complete -c hostctl -n '__hostctl_at \'diff\'' -s f -l file -r -F -d 'a settings file (YAML or JSON; repeat for several, - for stdin)'
complete -c hostctl -n '__hostctl_at \'diff\'' -l prune -d 'also show what would be removed: what the file does not declare, within the sections it declares'

# doctor
complete -c hostctl -n '__hostctl_at \'doctor\'' -l quick -d 'skip git fsck and use SQLite\'s quick check'
complete -c hostctl -n '__hostctl_at \'doctor\'' -l fix -d 'repair what is safe to repair (never deletes data) and say what was done'
complete -c hostctl -n '__hostctl_at \'doctor\'' -l strict -d 'exit 12 on warnings too'

# enterprise-users disable-2fa
complete -c hostctl -n '__hostctl_at \'enterprise-users disable-2fa\'; and __hostctl_arg 1' -a '(__hostctl_dynamic top-groups)'
complete -c hostctl -n '__hostctl_at \'enterprise-users disable-2fa\'; and __hostctl_arg 2' -a '(__hostctl_dynamic enterprise-users group-first)'

# enterprise-users get
complete -c hostctl -n '__hostctl_at \'enterprise-users get\'; and __hostctl_arg 1' -a '(__hostctl_dynamic top-groups)'
complete -c hostctl -n '__hostctl_at \'enterprise-users get\'; and __hostctl_arg 2' -a '(__hostctl_dynamic enterprise-users group-first)'

# enterprise-users list
complete -c hostctl -n '__hostctl_at \'enterprise-users list\'' -l username -x -a '(__hostctl_dynamic users)' -d 'exactly this username'
complete -c hostctl -n '__hostctl_at \'enterprise-users list\'' -l search -x -d 'part of a name, username or email'
complete -c hostctl -n '__hostctl_at \'enterprise-users list\'' -l active -d 'active users only'
complete -c hostctl -n '__hostctl_at \'enterprise-users list\'' -l blocked -d 'blocked users only'
complete -c hostctl -n '__hostctl_at \'enterprise-users list\'' -l created-after -x -d 'created after this ISO 8601 date or time'
complete -c hostctl -n '__hostctl_at \'enterprise-users list\'' -l created-before -x -d 'created before this ISO 8601 date or time'
complete -c hostctl -n '__hostctl_at \'enterprise-users list\'' -l two-factor -x -a 'enabled disabled' -d 'only users with two-factor authentication enabled or disabled'
complete -c hostctl -n '__hostctl_at \'enterprise-users list\'' -l page -x -d 'page number to fetch'
complete -c hostctl -n '__hostctl_at \'enterprise-users list\'' -l per-page -x -d 'items per page (the server caps it at 100)'
complete -c hostctl -n '__hostctl_at \'enterprise-users list\'' -l all -d 'fetch every page, following the Link header'
complete -c hostctl -n '__hostctl_at \'enterprise-users list\'' -l limit -x -d 'stop after N items, across pages'
complete -c hostctl -n '__hostctl_at \'enterprise-users list\'; and __hostctl_arg 1' -a '(__hostctl_dynamic top-groups)'

# error-tracking keys list
complete -c hostctl -n '__hostctl_at \'error-tracking keys list\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'error-tracking keys list\'' -l page -x -d 'page number to fetch'
complete -c hostctl -n '__hostctl_at \'error-tracking keys list\'' -l per-page -x -d 'items per page (the server caps it at 100)'
complete -c hostctl -n '__hostctl_at \'error-tracking keys list\'' -l all -d 'fetch every page, following the Link header'
complete -c hostctl -n '__hostctl_at \'error-tracking keys list\'' -l limit -x -d 'stop after N items, across pages'

# error-tracking keys create
complete -c hostctl -n '__hostctl_at \'error-tracking keys create\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'error-tracking keys create\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'error-tracking keys create\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'error-tracking keys create\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# error-tracking keys delete
complete -c hostctl -n '__hostctl_at \'error-tracking keys delete\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'error-tracking keys delete\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'error-tracking keys delete\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'error-tracking keys delete\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# error-tracking settings get
complete -c hostctl -n '__hostctl_at \'error-tracking settings get\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'

# error-tracking settings enable
complete -c hostctl -n '__hostctl_at \'error-tracking settings enable\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'error-tracking settings enable\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'error-tracking settings enable\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'error-tracking settings enable\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# error-tracking settings disable
complete -c hostctl -n '__hostctl_at \'error-tracking settings disable\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'error-tracking settings disable\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'error-tracking settings disable\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'error-tracking settings disable\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# export
complete -c hostctl -n '__hostctl_at \'export\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'a group to export (repeatable)'
complete -c hostctl -n '__hostctl_at \'export\'' -l recursive -d 'with --group: its subgroups and their projects too'
complete -c hostctl -n '__hostctl_at \'export\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'a project to export (repeatable)'
complete -c hostctl -n '__hostctl_at \'export\'' -l section -x -d 'only this section (repeatable; default: every section)'

# freeze-periods create
complete -c hostctl -n '__hostctl_at \'freeze-periods create\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'freeze-periods create\'' -l start -x -d 'when each freeze begins, as cron (minute hour day-of-month month day-of-week)'
complete -c hostctl -n '__hostctl_at \'freeze-periods create\'' -l end -x -d 'when each freeze ends, as cron'
complete -c hostctl -n '__hostctl_at \'freeze-periods create\'' -l timezone -x -a '(__hostctl_dynamic timezones)' -d 'IANA time zone of the cron fields (the server default is UTC)'
complete -c hostctl -n '__hostctl_at \'freeze-periods create\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'freeze-periods create\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'freeze-periods create\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# freeze-periods delete
complete -c hostctl -n '__hostctl_at \'freeze-periods delete\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'freeze-periods delete\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'freeze-periods delete\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'freeze-periods delete\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# freeze-periods get
complete -c hostctl -n '__hostctl_at \'freeze-periods get\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'

# freeze-periods list
complete -c hostctl -n '__hostctl_at \'freeze-periods list\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'freeze-periods list\'' -l page -x -d 'page number to fetch'
complete -c hostctl -n '__hostctl_at \'freeze-periods list\'' -l per-page -x -d 'items per page (the server caps it at 100)'
complete -c hostctl -n '__hostctl_at \'freeze-periods list\'' -l all -d 'fetch every page, following the Link header'
complete -c hostctl -n '__hostctl_at \'freeze-periods list\'' -l limit -x -d 'stop after N items, across pages'

# freeze-periods status
complete -c hostctl -n '__hostctl_at \'freeze-periods status\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'freeze-periods status\'' -l at -x -d 'ask about this time instead of now (ISO 8601, e.g. 2026-12-24T10:00:00+01:00; no zone means UTC)'

# freeze-periods update
complete -c hostctl -n '__hostctl_at \'freeze-periods update\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'freeze-periods update\'' -l start -x -d 'when each freeze begins, as cron (minute hour day-of-month month day-of-week)'
complete -c hostctl -n '__hostctl_at \'freeze-periods update\'' -l end -x -d 'when each freeze ends, as cron'
complete -c hostctl -n '__hostctl_at \'freeze-periods update\'' -l timezone -x -a '(__hostctl_dynamic timezones)' -d 'IANA time zone of the cron fields (the server default is UTC)'
complete -c hostctl -n '__hostctl_at \'freeze-periods update\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'freeze-periods update\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'freeze-periods update\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# groups create
complete -c hostctl -n '__hostctl_at \'groups create\'' -l name -x -d 'display name'
complete -c hostctl -n '__hostctl_at \'groups create\'' -l path -r -F -d 'URL path (derived from the name when absent)'
complete -c hostctl -n '__hostctl_at \'groups create\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'parent group (id or full path)'
complete -c hostctl -n '__hostctl_at \'groups create\'' -l visibility -x -a 'private internal public' -d 'private, internal or public'
complete -c hostctl -n '__hostctl_at \'groups create\'' -l description -x -d 'description'
complete -c hostctl -n '__hostctl_at \'groups create\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'groups create\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'groups create\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# groups delete
complete -c hostctl -n '__hostctl_at \'groups delete\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'groups delete\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'groups delete\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'groups delete\'; and __hostctl_arg 1' -a '(__hostctl_dynamic groups)'

# groups get
complete -c hostctl -n '__hostctl_at \'groups get\'' -l with-projects -d 'include the group\'s projects in JSON and YAML too (the table always lists them)'
complete -c hostctl -n '__hostctl_at \'groups get\'; and __hostctl_arg 1' -a '(__hostctl_dynamic groups)'

# groups list
complete -c hostctl -n '__hostctl_at \'groups list\'' -l sort -x -a 'name name:asc name:desc path path:asc path:desc id id:asc id:desc similarity similarity:asc similarity:desc' -d 'sort by one of name, path, id, similarity, optionally :asc or :desc (default name:asc)'
complete -c hostctl -n '__hostctl_at \'groups list\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'only subgroups of this group (id or full path)'
complete -c hostctl -n '__hostctl_at \'groups list\'' -l descendants -d 'with --group: every level below it, not only direct subgroups'
complete -c hostctl -n '__hostctl_at \'groups list\'' -l search -x -d 'name or path contains this text'
complete -c hostctl -n '__hostctl_at \'groups list\'' -l top-level -d 'only top-level groups'
complete -c hostctl -n '__hostctl_at \'groups list\'' -l owned -d 'only groups the caller owns'
complete -c hostctl -n '__hostctl_at \'groups list\'' -l min-access-level -x -d 'only groups where the caller has at least this role'
complete -c hostctl -n '__hostctl_at \'groups list\'' -l visibility -x -a 'private internal public' -d 'private, internal or public'
complete -c hostctl -n '__hostctl_at \'groups list\'' -l statistics -d 'include statistics: the sizes summed over each group\'s own projects (administrators)'
complete -c hostctl -n '__hostctl_at \'groups list\'' -l page -x -d 'page number to fetch'
complete -c hostctl -n '__hostctl_at \'groups list\'' -l per-page -x -d 'items per page (the server caps it at 100)'
complete -c hostctl -n '__hostctl_at \'groups list\'' -l all -d 'fetch every page, following the Link header'
complete -c hostctl -n '__hostctl_at \'groups list\'' -l limit -x -d 'stop after N items, across pages'

# groups update
complete -c hostctl -n '__hostctl_at \'groups update\'' -l name -x -d 'display name'
complete -c hostctl -n '__hostctl_at \'groups update\'' -l path -r -F -d 'URL path'
complete -c hostctl -n '__hostctl_at \'groups update\'' -l visibility -x -a 'private internal public' -d 'private, internal or public'
complete -c hostctl -n '__hostctl_at \'groups update\'' -l description -x -d 'description'
complete -c hostctl -n '__hostctl_at \'groups update\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'groups update\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'groups update\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'groups update\'; and __hostctl_arg 1' -a '(__hostctl_dynamic groups)'

# init
complete -c hostctl -n '__hostctl_at \'init\'' -l root-token -x -d 'use this secret for the root token instead of a generated one (at least 20 characters)'
complete -c hostctl -n '__hostctl_at \'init\'' -l tier -x -d 'licence tier: free, premium, ultimate'
complete -c hostctl -n '__hostctl_at \'init\'' -l offering -x -d 'offering to behave as: self-managed, hosted, dedicated, all'
complete -c hostctl -n '__hostctl_at \'init\'' -l storage -x -d 'an extra repository storage (repeatable)'
complete -c hostctl -n '__hostctl_at \'init\'' -l external-url -x -d 'base of the web URLs (web_url, clone and download links, DSNs) commands on this state print while no serve of it runs (default http://localhost:8080); on an existing state (--state, else the current local context), changes only that'
complete -c hostctl -n '__hostctl_at \'init\'' -l demo -d 'fill the new state with demo data'
complete -c hostctl -n '__hostctl_at \'init\'' -l context-name -x -d 'name of the context to create'
complete -c hostctl -n '__hostctl_at \'init\'' -l recover-token -d 'issue a new administrator token for an EXISTING local state (access to its files is the proof)'

# members add
complete -c hostctl -n '__hostctl_at \'members add\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'members of this project (id or full path)'
complete -c hostctl -n '__hostctl_at \'members add\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'members of this group (id or full path)'
complete -c hostctl -n '__hostctl_at \'members add\'' -l user -x -a '(__hostctl_dynamic users)' -d 'the user (id or username)'
complete -c hostctl -n '__hostctl_at \'members add\'' -l access-level -x -a 'guest planner reporter developer maintainer owner' -d 'guest, planner, reporter, developer, maintainer, owner (or 10, 15, 20, 30, 40, 50)'
complete -c hostctl -n '__hostctl_at \'members add\'' -l expires-at -x -d 'membership ends on this date (YYYY-MM-DD)'
complete -c hostctl -n '__hostctl_at \'members add\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'members add\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'members add\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# members list
complete -c hostctl -n '__hostctl_at \'members list\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'members of this project (id or full path)'
complete -c hostctl -n '__hostctl_at \'members list\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'members of this group (id or full path)'
complete -c hostctl -n '__hostctl_at \'members list\'' -l inherited -d 'also members inherited from parent groups and from the groups it is shared with (each user once, at their highest role)'
complete -c hostctl -n '__hostctl_at \'members list\'' -l search -x -d 'name or username contains this text'
complete -c hostctl -n '__hostctl_at \'members list\'' -l page -x -d 'page number to fetch'
complete -c hostctl -n '__hostctl_at \'members list\'' -l per-page -x -d 'items per page (the server caps it at 100)'
complete -c hostctl -n '__hostctl_at \'members list\'' -l all -d 'fetch every page, following the Link header'
complete -c hostctl -n '__hostctl_at \'members list\'' -l limit -x -d 'stop after N items, across pages'

# members remove
complete -c hostctl -n '__hostctl_at \'members remove\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'members of this project (id or full path)'
complete -c hostctl -n '__hostctl_at \'members remove\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'members of this group (id or full path)'
complete -c hostctl -n '__hostctl_at \'members remove\'' -l user -x -a '(__hostctl_dynamic users)' -d 'the member (id or username)'
complete -c hostctl -n '__hostctl_at \'members remove\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'members remove\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'members remove\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# members update
complete -c hostctl -n '__hostctl_at \'members update\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'members of this project (id or full path)'
complete -c hostctl -n '__hostctl_at \'members update\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'members of this group (id or full path)'
complete -c hostctl -n '__hostctl_at \'members update\'' -l user -x -a '(__hostctl_dynamic users)' -d 'the member (id or username)'
complete -c hostctl -n '__hostctl_at \'members update\'' -l access-level -x -a 'guest planner reporter developer maintainer owner' -d 'guest, planner, reporter, developer, maintainer, owner (or 10 … 50)'
complete -c hostctl -n '__hostctl_at \'members update\'' -l expires-at -x -d 'membership ends on this date (YYYY-MM-DD)'
complete -c hostctl -n '__hostctl_at \'members update\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'members update\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'members update\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# milestones close
complete -c hostctl -n '__hostctl_at \'milestones close\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project\'s milestones (id or full path)'
complete -c hostctl -n '__hostctl_at \'milestones close\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'the group\'s milestones (id or full path)'
complete -c hostctl -n '__hostctl_at \'milestones close\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'milestones close\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'milestones close\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# milestones create
complete -c hostctl -n '__hostctl_at \'milestones create\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project\'s milestones (id or full path)'
complete -c hostctl -n '__hostctl_at \'milestones create\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'the group\'s milestones (id or full path)'
complete -c hostctl -n '__hostctl_at \'milestones create\'' -l title -x -d 'title (required; unique across the project and its groups)'
complete -c hostctl -n '__hostctl_at \'milestones create\'' -l description -x -d 'description'
complete -c hostctl -n '__hostctl_at \'milestones create\'' -l start-date -x -d 'start date (YYYY-MM-DD)'
complete -c hostctl -n '__hostctl_at \'milestones create\'' -l due-date -x -d 'due date (YYYY-MM-DD)'
complete -c hostctl -n '__hostctl_at \'milestones create\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'milestones create\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'milestones create\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# milestones get
complete -c hostctl -n '__hostctl_at \'milestones get\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project\'s milestones (id or full path)'
complete -c hostctl -n '__hostctl_at \'milestones get\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'the group\'s milestones (id or full path)'

# milestones list
complete -c hostctl -n '__hostctl_at \'milestones list\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project\'s milestones (id or full path)'
complete -c hostctl -n '__hostctl_at \'milestones list\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'the group\'s milestones (id or full path)'
complete -c hostctl -n '__hostctl_at \'milestones list\'' -l active -d 'only open milestones'
complete -c hostctl -n '__hostctl_at \'milestones list\'' -l closed -d 'only closed milestones'
complete -c hostctl -n '__hostctl_at \'milestones list\'' -l title -x -d 'only the milestone with exactly this title'
complete -c hostctl -n '__hostctl_at \'milestones list\'' -l search -x -d 'title or description contains this text'
complete -c hostctl -n '__hostctl_at \'milestones list\'' -l iid -x -d 'only these iids (repeatable, or comma-separated)'
complete -c hostctl -n '__hostctl_at \'milestones list\'' -l with-parents -d 'also list the milestones of the ancestor groups'
complete -c hostctl -n '__hostctl_at \'milestones list\'' -l page -x -d 'page number to fetch'
complete -c hostctl -n '__hostctl_at \'milestones list\'' -l per-page -x -d 'items per page (the server caps it at 100)'
complete -c hostctl -n '__hostctl_at \'milestones list\'' -l all -d 'fetch every page, following the Link header'
complete -c hostctl -n '__hostctl_at \'milestones list\'' -l limit -x -d 'stop after N items, across pages'

# milestones update
complete -c hostctl -n '__hostctl_at \'milestones update\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project\'s milestones (id or full path)'
complete -c hostctl -n '__hostctl_at \'milestones update\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'the group\'s milestones (id or full path)'
complete -c hostctl -n '__hostctl_at \'milestones update\'' -l title -x -d 'title'
complete -c hostctl -n '__hostctl_at \'milestones update\'' -l description -x -d 'description'
complete -c hostctl -n '__hostctl_at \'milestones update\'' -l start-date -x -d 'start date (YYYY-MM-DD)'
complete -c hostctl -n '__hostctl_at \'milestones update\'' -l due-date -x -d 'due date (YYYY-MM-DD)'
complete -c hostctl -n '__hostctl_at \'milestones update\'' -l close -d 'close the milestone'
complete -c hostctl -n '__hostctl_at \'milestones update\'' -l reopen -d 'reopen a closed milestone'
complete -c hostctl -n '__hostctl_at \'milestones update\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'milestones update\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'milestones update\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# notifications get
complete -c hostctl -n '__hostctl_at \'notifications get\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the setting for this project (id or full path)'
complete -c hostctl -n '__hostctl_at \'notifications get\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'the setting for this group (id or full path)'

# notifications outbox
complete -c hostctl -n '__hostctl_at \'notifications outbox\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'only this project (id or full path)'
complete -c hostctl -n '__hostctl_at \'notifications outbox\'' -l user -x -a '(__hostctl_dynamic users)' -d 'only this recipient (id or username; administrators)'
complete -c hostctl -n '__hostctl_at \'notifications outbox\'' -l event -x -a 'new_release moved_project' -d 'only this event'
complete -c hostctl -n '__hostctl_at \'notifications outbox\'' -l page -x -d 'page number to fetch'
complete -c hostctl -n '__hostctl_at \'notifications outbox\'' -l per-page -x -d 'items per page (the server caps it at 100)'
complete -c hostctl -n '__hostctl_at \'notifications outbox\'' -l all -d 'fetch every page, following the Link header'
complete -c hostctl -n '__hostctl_at \'notifications outbox\'' -l limit -x -d 'stop after N items, across pages'

# notifications set
complete -c hostctl -n '__hostctl_at \'notifications set\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the setting for this project (id or full path)'
complete -c hostctl -n '__hostctl_at \'notifications set\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'the setting for this group (id or full path)'
complete -c hostctl -n '__hostctl_at \'notifications set\'' -l level -x -a 'disabled participating watch global mention custom' -d 'notification level'
complete -c hostctl -n '__hostctl_at \'notifications set\'' -l on -x -a 'new_release new_note new_issue reopen_issue close_issue reassign_issue issue_due new_merge_request push_to_merge_request reopen_merge_request close_merge_request reassign_merge_request change_reviewer_merge_request merge_merge_request failed_pipeline fixed_pipeline success_pipeline moved_project merge_when_pipeline_succeeds new_epic approver' -d 'events to be notified of (comma-separated or repeated)'
complete -c hostctl -n '__hostctl_at \'notifications set\'' -l off -x -a 'new_release new_note new_issue reopen_issue close_issue reassign_issue issue_due new_merge_request push_to_merge_request reopen_merge_request close_merge_request reassign_merge_request change_reviewer_merge_request merge_merge_request failed_pipeline fixed_pipeline success_pipeline moved_project merge_when_pipeline_succeeds new_epic approver' -d 'events not to be notified of (comma-separated or repeated)'
complete -c hostctl -n '__hostctl_at \'notifications set\'' -l email -x -d 'where notifications go (global setting only; one of your verified addresses)'
complete -c hostctl -n '__hostctl_at \'notifications set\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'notifications set\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'notifications set\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# packages delete
complete -c hostctl -n '__hostctl_at \'packages delete\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'packages delete\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'packages delete\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'packages delete\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# packages delete-file
complete -c hostctl -n '__hostctl_at \'packages delete-file\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'packages delete-file\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'packages delete-file\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'packages delete-file\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# packages download
complete -c hostctl -n '__hostctl_at \'packages download\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'packages download\'' -l name -x -d 'package name'
complete -c hostctl -n '__hostctl_at \'packages download\'' -l package-version -x -d 'package version'
complete -c hostctl -n '__hostctl_at \'packages download\'' -s O -l output-file -r -F -d 'where to write it (\'-\' for standard output; default: the file\'s own name)'
complete -c hostctl -n '__hostctl_at \'packages download\'' -l clobber -d 'overwrite the file when it exists'
complete -c hostctl -n '__hostctl_at \'packages download\'' -l skip-existing -d 'leave an existing file alone and succeed'

# packages files
complete -c hostctl -n '__hostctl_at \'packages files\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'packages files\'' -l sort -x -a 'id id:asc id:desc file_name file_name:asc file_name:desc created created:asc created:desc' -d 'sort by one of id, file_name, created, optionally :asc or :desc (default id:asc)'
complete -c hostctl -n '__hostctl_at \'packages files\'' -l page -x -d 'page number to fetch'
complete -c hostctl -n '__hostctl_at \'packages files\'' -l per-page -x -d 'items per page (the server caps it at 100)'
complete -c hostctl -n '__hostctl_at \'packages files\'' -l all -d 'fetch every page, following the Link header'
complete -c hostctl -n '__hostctl_at \'packages files\'' -l limit -x -d 'stop after N items, across pages'

# packages get
complete -c hostctl -n '__hostctl_at \'packages get\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'

# packages list
complete -c hostctl -n '__hostctl_at \'packages list\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'packages list\'' -l sort -x -a 'created created:asc created:desc name name:asc name:desc version version:asc version:desc type type:asc type:desc project_path project_path:asc project_path:desc' -d 'sort by one of created, name, version, type, project_path, optionally :asc or :desc (default created:asc)'
complete -c hostctl -n '__hostctl_at \'packages list\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'packages of this group\'s projects, subgroups included (id or full path)'
complete -c hostctl -n '__hostctl_at \'packages list\'' -l type -x -d 'only this package type: composer, conan, generic, golang, helm, maven, npm, nuget, pypi, terraform_module'
complete -c hostctl -n '__hostctl_at \'packages list\'' -l search -x -d 'names containing this text'
complete -c hostctl -n '__hostctl_at \'packages list\'' -l package-version -x -d 'only this version'
complete -c hostctl -n '__hostctl_at \'packages list\'' -l versionless -d 'include packages without a version'
complete -c hostctl -n '__hostctl_at \'packages list\'' -l status -x -d 'only this status: default, hidden, processing, error, pending_destruction, deprecated'
complete -c hostctl -n '__hostctl_at \'packages list\'' -l exclude-subgroups -d 'with --group: only the group\'s own projects'
complete -c hostctl -n '__hostctl_at \'packages list\'' -l page -x -d 'page number to fetch'
complete -c hostctl -n '__hostctl_at \'packages list\'' -l per-page -x -d 'items per page (the server caps it at 100)'
complete -c hostctl -n '__hostctl_at \'packages list\'' -l all -d 'fetch every page, following the Link header'
complete -c hostctl -n '__hostctl_at \'packages list\'' -l limit -x -d 'stop after N items, across pages'

# packages pipelines
complete -c hostctl -n '__hostctl_at \'packages pipelines\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'packages pipelines\'' -l page -x -d 'page number to fetch'
complete -c hostctl -n '__hostctl_at \'packages pipelines\'' -l per-page -x -d 'items per page (the server caps it at 100)'
complete -c hostctl -n '__hostctl_at \'packages pipelines\'' -l all -d 'fetch every page, following the Link header'
complete -c hostctl -n '__hostctl_at \'packages pipelines\'' -l limit -x -d 'stop after N items, across pages'

# packages protection list
complete -c hostctl -n '__hostctl_at \'packages protection list\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'packages protection list\'' -l page -x -d 'page number to fetch'
complete -c hostctl -n '__hostctl_at \'packages protection list\'' -l per-page -x -d 'items per page (the server caps it at 100)'
complete -c hostctl -n '__hostctl_at \'packages protection list\'' -l all -d 'fetch every page, following the Link header'
complete -c hostctl -n '__hostctl_at \'packages protection list\'' -l limit -x -d 'stop after N items, across pages'

# packages protection add
complete -c hostctl -n '__hostctl_at \'packages protection add\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'packages protection add\'' -l pattern -x -d 'package names the rule covers; * matches anything (e.g. release-*)'
complete -c hostctl -n '__hostctl_at \'packages protection add\'' -l type -x -d 'package type: composer, conan, generic, golang, helm, maven, npm, nuget, pypi, terraform_module'
complete -c hostctl -n '__hostctl_at \'packages protection add\'' -l push -x -d 'lowest role that may publish: maintainer, owner, admin, or any (not restricted by this rule)'
complete -c hostctl -n '__hostctl_at \'packages protection add\'' -l delete -x -d 'lowest role that may delete: owner, admin, or any (not restricted by this rule)'
complete -c hostctl -n '__hostctl_at \'packages protection add\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'packages protection add\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'packages protection add\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# packages protection update
complete -c hostctl -n '__hostctl_at \'packages protection update\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'packages protection update\'' -l pattern -x -d 'package names the rule covers; * matches anything (e.g. release-*)'
complete -c hostctl -n '__hostctl_at \'packages protection update\'' -l type -x -d 'package type: composer, conan, generic, golang, helm, maven, npm, nuget, pypi, terraform_module'
complete -c hostctl -n '__hostctl_at \'packages protection update\'' -l push -x -d 'lowest role that may publish: maintainer, owner, admin, or any (not restricted by this rule)'
complete -c hostctl -n '__hostctl_at \'packages protection update\'' -l delete -x -d 'lowest role that may delete: owner, admin, or any (not restricted by this rule)'
complete -c hostctl -n '__hostctl_at \'packages protection update\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'packages protection update\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'packages protection update\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# packages protection remove
complete -c hostctl -n '__hostctl_at \'packages protection remove\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'packages protection remove\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'packages protection remove\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'packages protection remove\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# packages upload
complete -c hostctl -n '__hostctl_at \'packages upload\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'packages upload\'' -l name -x -d 'package name (letters, digits, . _ + ~ @ -)'
complete -c hostctl -n '__hostctl_at \'packages upload\'' -l package-version -x -d 'package version, e.g. 1.4.0'
complete -c hostctl -n '__hostctl_at \'packages upload\'' -l status -x -d 'default, or hidden to keep the package out of lists'
complete -c hostctl -n '__hostctl_at \'packages upload\'' -l path -x -a '(__fish_complete_directories)' -d 'a directory inside the package to put the files in'
complete -c hostctl -n '__hostctl_at \'packages upload\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'packages upload\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'packages upload\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'packages upload\'; and __hostctl_arg 1 more' -F

# pipelines cancel
complete -c hostctl -n '__hostctl_at \'pipelines cancel\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'pipelines cancel\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'pipelines cancel\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'pipelines cancel\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# pipelines create
complete -c hostctl -n '__hostctl_at \'pipelines create\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'pipelines create\'' -l ref -x -a '(__hostctl_dynamic branches)' -d 'the branch or tag to run for'
complete -c hostctl -n '__hostctl_at \'pipelines create\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'pipelines create\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'pipelines create\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# pipelines delete
complete -c hostctl -n '__hostctl_at \'pipelines delete\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'pipelines delete\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'pipelines delete\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'pipelines delete\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# pipelines get
complete -c hostctl -n '__hostctl_at \'pipelines get\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'

# pipelines list
complete -c hostctl -n '__hostctl_at \'pipelines list\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'pipelines list\'' -l sort -x -a 'id id:asc id:desc status status:asc status:desc ref ref:asc ref:desc updated updated:asc updated:desc user_id user_id:asc user_id:desc' -d 'sort by one of id, status, ref, updated, user_id, optionally :asc or :desc (default id:desc)'
complete -c hostctl -n '__hostctl_at \'pipelines list\'' -l ref -x -a '(__hostctl_dynamic branches)' -d 'only pipelines of this branch or tag'
complete -c hostctl -n '__hostctl_at \'pipelines list\'' -l status -x -d 'only pipelines in this status'
complete -c hostctl -n '__hostctl_at \'pipelines list\'' -l page -x -d 'page number to fetch'
complete -c hostctl -n '__hostctl_at \'pipelines list\'' -l per-page -x -d 'items per page (the server caps it at 100)'
complete -c hostctl -n '__hostctl_at \'pipelines list\'' -l all -d 'fetch every page, following the Link header'
complete -c hostctl -n '__hostctl_at \'pipelines list\'' -l limit -x -d 'stop after N items, across pages'

# pipelines retry
complete -c hostctl -n '__hostctl_at \'pipelines retry\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'pipelines retry\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'pipelines retry\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'pipelines retry\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# projects archive
complete -c hostctl -n '__hostctl_at \'projects archive\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'projects archive\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'projects archive\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'projects archive\'; and __hostctl_arg 1' -a '(__hostctl_dynamic projects)'

# projects create
complete -c hostctl -n '__hostctl_at \'projects create\'' -l name -x -d 'display name (derived from --path when absent)'
complete -c hostctl -n '__hostctl_at \'projects create\'' -l path -r -F -d 'URL path (derived from --name when absent)'
complete -c hostctl -n '__hostctl_at \'projects create\'' -l namespace -x -a '(__hostctl_dynamic groups)' -d 'group or user namespace (id or full path); yours when absent'
complete -c hostctl -n '__hostctl_at \'projects create\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'same as --namespace, for a group'
complete -c hostctl -n '__hostctl_at \'projects create\'' -l description -x -d 'description'
complete -c hostctl -n '__hostctl_at \'projects create\'' -l visibility -x -a 'private internal public' -d 'private, internal or public'
complete -c hostctl -n '__hostctl_at \'projects create\'' -l default-branch -x -d 'name of the default branch'
complete -c hostctl -n '__hostctl_at \'projects create\'' -l readme -d 'start the repository with a README commit'
complete -c hostctl -n '__hostctl_at \'projects create\'' -l storage -x -a '(__hostctl_dynamic storages)' -d 'storage for the repository (administrators)'
complete -c hostctl -n '__hostctl_at \'projects create\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'projects create\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'projects create\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# projects delete
complete -c hostctl -n '__hostctl_at \'projects delete\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'projects delete\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'projects delete\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'projects delete\'; and __hostctl_arg 1' -a '(__hostctl_dynamic projects)'

# projects get
complete -c hostctl -n '__hostctl_at \'projects get\'' -l statistics -d 'include repository statistics: sizes and commit count'
complete -c hostctl -n '__hostctl_at \'projects get\'; and __hostctl_arg 1' -a '(__hostctl_dynamic projects)'

# projects list
complete -c hostctl -n '__hostctl_at \'projects list\'' -l sort -x -a 'id id:asc id:desc name name:asc name:desc path path:asc path:desc created created:asc created:desc updated updated:asc updated:desc last_activity last_activity:asc last_activity:desc star_count star_count:asc star_count:desc similarity similarity:asc similarity:desc storage_size storage_size:asc storage_size:desc repository_size repository_size:asc repository_size:desc wiki_size wiki_size:asc wiki_size:desc packages_size packages_size:asc packages_size:desc' -d 'sort by one of id, name, path, created, updated, last_activity, star_count, similarity, storage_size, repository_size, wiki_size, packages_size, optionally :asc or :desc (default created:desc)'
complete -c hostctl -n '__hostctl_at \'projects list\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'only this group\'s projects (id or full path)'
complete -c hostctl -n '__hostctl_at \'projects list\'' -l include-subgroups -d 'with --group: also projects of its subgroups'
complete -c hostctl -n '__hostctl_at \'projects list\'' -l search -x -d 'name or path contains this text'
complete -c hostctl -n '__hostctl_at \'projects list\'' -l owned -d 'only projects the caller owns'
complete -c hostctl -n '__hostctl_at \'projects list\'' -l membership -d 'only projects the caller is a member of'
complete -c hostctl -n '__hostctl_at \'projects list\'' -l visibility -x -a 'private internal public' -d 'private, internal or public'
complete -c hostctl -n '__hostctl_at \'projects list\'' -l archived -d 'only archived projects'
complete -c hostctl -n '__hostctl_at \'projects list\'' -l no-archived -d 'only projects that are not archived'
complete -c hostctl -n '__hostctl_at \'projects list\'' -l min-access-level -x -d 'only projects where the caller has at least this role'
complete -c hostctl -n '__hostctl_at \'projects list\'' -l storage -x -a '(__hostctl_dynamic storages)' -d 'only projects on this storage (administrators)'
complete -c hostctl -n '__hostctl_at \'projects list\'' -l statistics -d 'include statistics: storage size and commit count (implied by a --sort by size, which administrators may use)'
complete -c hostctl -n '__hostctl_at \'projects list\'' -l page -x -d 'page number to fetch'
complete -c hostctl -n '__hostctl_at \'projects list\'' -l per-page -x -d 'items per page (the server caps it at 100)'
complete -c hostctl -n '__hostctl_at \'projects list\'' -l all -d 'fetch every page, following the Link header'
complete -c hostctl -n '__hostctl_at \'projects list\'' -l limit -x -d 'stop after N items, across pages'

# projects share
complete -c hostctl -n '__hostctl_at \'projects share\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'the group to share with (id or full path)'
complete -c hostctl -n '__hostctl_at \'projects share\'' -l access-level -x -a 'guest planner reporter developer maintainer owner' -d 'the most its members get: guest, planner, reporter, developer, maintainer, owner (or 10 … 50)'
complete -c hostctl -n '__hostctl_at \'projects share\'' -l expires-at -x -d 'the share ends on this date (YYYY-MM-DD)'
complete -c hostctl -n '__hostctl_at \'projects share\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'projects share\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'projects share\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'projects share\'; and __hostctl_arg 1' -a '(__hostctl_dynamic projects)'

# projects transfer
complete -c hostctl -n '__hostctl_at \'projects transfer\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'the group to move it into (id or full path)'
complete -c hostctl -n '__hostctl_at \'projects transfer\'' -l namespace -x -a '(__hostctl_dynamic groups)' -d 'the group or user namespace to move it into (id or full path)'
complete -c hostctl -n '__hostctl_at \'projects transfer\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'projects transfer\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'projects transfer\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'projects transfer\'; and __hostctl_arg 1' -a '(__hostctl_dynamic projects)'

# projects unarchive
complete -c hostctl -n '__hostctl_at \'projects unarchive\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'projects unarchive\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'projects unarchive\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'projects unarchive\'; and __hostctl_arg 1' -a '(__hostctl_dynamic projects)'

# projects unshare
complete -c hostctl -n '__hostctl_at \'projects unshare\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'the group it is shared with (id or full path)'
complete -c hostctl -n '__hostctl_at \'projects unshare\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'projects unshare\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'projects unshare\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'projects unshare\'; and __hostctl_arg 1' -a '(__hostctl_dynamic projects)'

# projects update
complete -c hostctl -n '__hostctl_at \'projects update\'' -l name -x -d 'display name'
complete -c hostctl -n '__hostctl_at \'projects update\'' -l path -r -F -d 'URL path (the old path keeps redirecting)'
complete -c hostctl -n '__hostctl_at \'projects update\'' -l description -x -d 'description'
complete -c hostctl -n '__hostctl_at \'projects update\'' -l visibility -x -a 'private internal public' -d 'private, internal or public'
complete -c hostctl -n '__hostctl_at \'projects update\'' -l default-branch -x -d 'default branch'
complete -c hostctl -n '__hostctl_at \'projects update\'' -l storage -x -a '(__hostctl_dynamic storages)' -d 'storage for the repository (administrators)'
complete -c hostctl -n '__hostctl_at \'projects update\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'projects update\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'projects update\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'projects update\'; and __hostctl_arg 1' -a '(__hostctl_dynamic projects)'

# protected-envs get
complete -c hostctl -n '__hostctl_at \'protected-envs get\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'a group (id or full path); its environments are deployment tiers'
complete -c hostctl -n '__hostctl_at \'protected-envs get\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'a project (id or full path)'

# protected-envs list
complete -c hostctl -n '__hostctl_at \'protected-envs list\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'a group (id or full path); its environments are deployment tiers'
complete -c hostctl -n '__hostctl_at \'protected-envs list\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'a project (id or full path)'
complete -c hostctl -n '__hostctl_at \'protected-envs list\'' -l page -x -d 'page number to fetch'
complete -c hostctl -n '__hostctl_at \'protected-envs list\'' -l per-page -x -d 'items per page (the server caps it at 100)'
complete -c hostctl -n '__hostctl_at \'protected-envs list\'' -l all -d 'fetch every page, following the Link header'
complete -c hostctl -n '__hostctl_at \'protected-envs list\'' -l limit -x -d 'stop after N items, across pages'

# protected-envs protect
complete -c hostctl -n '__hostctl_at \'protected-envs protect\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'a group (id or full path); its environments are deployment tiers'
complete -c hostctl -n '__hostctl_at \'protected-envs protect\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'a project (id or full path)'
complete -c hostctl -n '__hostctl_at \'protected-envs protect\'' -l deploy -x -d 'who may deploy: maintainer, developer, admin, user:NAME, group:PATH[+inherited] (repeatable)'
complete -c hostctl -n '__hostctl_at \'protected-envs protect\'' -l approval -x -d 'who must approve: the same forms with *N for N approvals, e.g. developer*2 (repeatable)'
complete -c hostctl -n '__hostctl_at \'protected-envs protect\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'protected-envs protect\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'protected-envs protect\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# protected-envs unprotect
complete -c hostctl -n '__hostctl_at \'protected-envs unprotect\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'a group (id or full path); its environments are deployment tiers'
complete -c hostctl -n '__hostctl_at \'protected-envs unprotect\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'a project (id or full path)'
complete -c hostctl -n '__hostctl_at \'protected-envs unprotect\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'protected-envs unprotect\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'protected-envs unprotect\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# protected-envs update
complete -c hostctl -n '__hostctl_at \'protected-envs update\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'a group (id or full path); its environments are deployment tiers'
complete -c hostctl -n '__hostctl_at \'protected-envs update\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'a project (id or full path)'
complete -c hostctl -n '__hostctl_at \'protected-envs update\'' -l deploy -x -d 'who may deploy: maintainer, developer, admin, user:NAME, group:PATH[+inherited] (repeatable)'
complete -c hostctl -n '__hostctl_at \'protected-envs update\'' -l approval -x -d 'who must approve: the same forms with *N for N approvals, e.g. developer*2 (repeatable)'
complete -c hostctl -n '__hostctl_at \'protected-envs update\'' -l remove-deploy -x -d 'remove the deploy entry matching this spec (repeatable)'
complete -c hostctl -n '__hostctl_at \'protected-envs update\'' -l remove-approval -x -d 'remove the approval rule matching this spec (repeatable)'
complete -c hostctl -n '__hostctl_at \'protected-envs update\'' -l required-approvals -x -d 'approvals required to deploy (required_approval_count, 0 to 5)'
complete -c hostctl -n '__hostctl_at \'protected-envs update\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'protected-envs update\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'protected-envs update\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# releases create
complete -c hostctl -n '__hostctl_at \'releases create\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'releases create\'' -l tag -x -a '(__hostctl_dynamic tags)' -d 'the tag the release is made from (required)'
complete -c hostctl -n '__hostctl_at \'releases create\'' -l ref -x -a '(__hostctl_dynamic branches)' -d 'branch, tag or commit to create the tag from when it does not exist'
complete -c hostctl -n '__hostctl_at \'releases create\'' -l tag-message -x -d 'makes the new tag an annotated one with this message'
complete -c hostctl -n '__hostctl_at \'releases create\'' -l name -x -d 'release name (default: the tag)'
complete -c hostctl -n '__hostctl_at \'releases create\'' -l notes -x -d 'release notes (Markdown)'
complete -c hostctl -n '__hostctl_at \'releases create\'' -l notes-file -r -F -d 'release notes from a file (\'-\' reads standard input)'
complete -c hostctl -n '__hostctl_at \'releases create\'' -l milestone -x -d 'attach this milestone (repeatable)'
complete -c hostctl -n '__hostctl_at \'releases create\'' -l link -x -d 'asset link name=...,url=...[,type=other|runbook|image|package][,path=/direct/asset/path] (repeatable)'
complete -c hostctl -n '__hostctl_at \'releases create\'' -l released-at -x -d 'release date (ISO 8601); in the future makes an upcoming release, in the past a historical one'
complete -c hostctl -n '__hostctl_at \'releases create\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'releases create\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'releases create\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# releases delete
complete -c hostctl -n '__hostctl_at \'releases delete\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'releases delete\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'releases delete\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'releases delete\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'releases delete\'; and __hostctl_arg 1' -a '(__hostctl_dynamic tags)'

# releases download
complete -c hostctl -n '__hostctl_at \'releases download\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'releases download\'' -l asset -r -F -d 'the direct asset path of one of the release\'s links (e.g. bin/app-linux)'
complete -c hostctl -n '__hostctl_at \'releases download\'' -l source -x -d 'a source archive of the tag: zip, tar.gz, tar.bz2, tar'
complete -c hostctl -n '__hostctl_at \'releases download\'' -s O -l output-file -r -F -d 'where to write it (\'-\' for standard output; default: the file\'s own name)'
complete -c hostctl -n '__hostctl_at \'releases download\'' -l clobber -d 'overwrite the file when it exists'
complete -c hostctl -n '__hostctl_at \'releases download\'' -l skip-existing -d 'leave an existing file alone and succeed'
complete -c hostctl -n '__hostctl_at \'releases download\'; and __hostctl_arg 1' -a '(__hostctl_dynamic tags)'

# releases evidence collect
complete -c hostctl -n '__hostctl_at \'releases evidence collect\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'releases evidence collect\'' -l wait -d 'wait until the evidence has been collected, then show the evidences'
complete -c hostctl -n '__hostctl_at \'releases evidence collect\'' -l timeout -x -d 'with --wait: give up after this long (exit 7), e.g. 90s or 5m (default 60s)'
complete -c hostctl -n '__hostctl_at \'releases evidence collect\'; and __hostctl_arg 1' -a '(__hostctl_dynamic tags)'

# releases evidence list
complete -c hostctl -n '__hostctl_at \'releases evidence list\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'releases evidence list\'; and __hostctl_arg 1' -a '(__hostctl_dynamic tags)'

# releases evidence download
complete -c hostctl -n '__hostctl_at \'releases evidence download\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'releases evidence download\'' -l id -x -d 'the evidence to download (see releases evidence list; default: the newest)'
complete -c hostctl -n '__hostctl_at \'releases evidence download\'' -s O -l output-file -r -F -d 'where to write it (\'-\' for standard output; default: TAG-evidence-ID.json)'
complete -c hostctl -n '__hostctl_at \'releases evidence download\'' -l clobber -d 'overwrite the file when it exists'
complete -c hostctl -n '__hostctl_at \'releases evidence download\'' -l skip-existing -d 'leave an existing file alone and succeed'
complete -c hostctl -n '__hostctl_at \'releases evidence download\'; and __hostctl_arg 1' -a '(__hostctl_dynamic tags)'

# releases get
complete -c hostctl -n '__hostctl_at \'releases get\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'releases get\'' -l html -d 'include description_html, the description rendered from Markdown'
complete -c hostctl -n '__hostctl_at \'releases get\'; and __hostctl_arg 1' -a '(__hostctl_dynamic tags)'

# releases latest
complete -c hostctl -n '__hostctl_at \'releases latest\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'releases latest\'' -l html -d 'include description_html, the description rendered from Markdown'

# releases links list
complete -c hostctl -n '__hostctl_at \'releases links list\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'releases links list\'' -l page -x -d 'page number to fetch'
complete -c hostctl -n '__hostctl_at \'releases links list\'' -l per-page -x -d 'items per page (the server caps it at 100)'
complete -c hostctl -n '__hostctl_at \'releases links list\'' -l all -d 'fetch every page, following the Link header'
complete -c hostctl -n '__hostctl_at \'releases links list\'' -l limit -x -d 'stop after N items, across pages'
complete -c hostctl -n '__hostctl_at \'releases links list\'; and __hostctl_arg 1' -a '(__hostctl_dynamic tags)'

# releases links add
complete -c hostctl -n '__hostctl_at \'releases links add\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'releases links add\'' -l name -x -d 'link name (unique within the release)'
complete -c hostctl -n '__hostctl_at \'releases links add\'' -l link-url -x -d 'where the asset is (http, https or ftp; unique within the release)'
complete -c hostctl -n '__hostctl_at \'releases links add\'' -l path -r -F -d 'direct asset path, for the permanent download URL (e.g. /bin/app-linux)'
complete -c hostctl -n '__hostctl_at \'releases links add\'' -l type -x -d 'link type: other, runbook, image, package'
complete -c hostctl -n '__hostctl_at \'releases links add\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'releases links add\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'releases links add\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'releases links add\'; and __hostctl_arg 1' -a '(__hostctl_dynamic tags)'

# releases links update
complete -c hostctl -n '__hostctl_at \'releases links update\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'releases links update\'' -l name -x -d 'link name (unique within the release)'
complete -c hostctl -n '__hostctl_at \'releases links update\'' -l link-url -x -d 'where the asset is (http, https or ftp; unique within the release)'
complete -c hostctl -n '__hostctl_at \'releases links update\'' -l path -r -F -d 'direct asset path, for the permanent download URL (e.g. /bin/app-linux)'
complete -c hostctl -n '__hostctl_at \'releases links update\'' -l type -x -d 'link type: other, runbook, image, package'
complete -c hostctl -n '__hostctl_at \'releases links update\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'releases links update\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'releases links update\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'releases links update\'; and __hostctl_arg 1' -a '(__hostctl_dynamic tags)'

# releases links delete
complete -c hostctl -n '__hostctl_at \'releases links delete\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'releases links delete\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'releases links delete\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'releases links delete\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'releases links delete\'; and __hostctl_arg 1' -a '(__hostctl_dynamic tags)'

# releases list
complete -c hostctl -n '__hostctl_at \'releases list\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'releases list\'' -l sort -x -a 'released released:asc released:desc created created:asc created:desc' -d 'sort by one of released, created, optionally :asc or :desc (default released:desc)'
complete -c hostctl -n '__hostctl_at \'releases list\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'releases of this group\'s projects, subgroups included (id or full path)'
complete -c hostctl -n '__hostctl_at \'releases list\'' -l html -d 'include description_html, the description rendered from Markdown'
complete -c hostctl -n '__hostctl_at \'releases list\'' -l page -x -d 'page number to fetch'
complete -c hostctl -n '__hostctl_at \'releases list\'' -l per-page -x -d 'items per page (the server caps it at 100)'
complete -c hostctl -n '__hostctl_at \'releases list\'' -l all -d 'fetch every page, following the Link header'
complete -c hostctl -n '__hostctl_at \'releases list\'' -l limit -x -d 'stop after N items, across pages'

# releases update
complete -c hostctl -n '__hostctl_at \'releases update\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'releases update\'' -l name -x -d 'release name'
complete -c hostctl -n '__hostctl_at \'releases update\'' -l notes -x -d 'release notes (Markdown)'
complete -c hostctl -n '__hostctl_at \'releases update\'' -l notes-file -r -F -d 'release notes from a file (\'-\' reads standard input)'
complete -c hostctl -n '__hostctl_at \'releases update\'' -l milestone -x -d 'the milestones, replacing the current ones (repeatable)'
complete -c hostctl -n '__hostctl_at \'releases update\'' -l clear-milestones -d 'detach every milestone'
complete -c hostctl -n '__hostctl_at \'releases update\'' -l released-at -x -d 'release date (ISO 8601)'
complete -c hostctl -n '__hostctl_at \'releases update\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'releases update\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'releases update\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'releases update\'; and __hostctl_arg 1' -a '(__hostctl_dynamic tags)'

# releases upload
complete -c hostctl -n '__hostctl_at \'releases upload\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'releases upload\'' -l type -x -d 'link type for every asset: other, runbook, image, package'
complete -c hostctl -n '__hostctl_at \'releases upload\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'releases upload\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'releases upload\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'releases upload\'; and __hostctl_arg 1' -a '(__hostctl_dynamic tags)'
complete -c hostctl -n '__hostctl_at \'releases upload\'; and __hostctl_arg 2 more' -F

# restore
complete -c hostctl -n '__hostctl_at \'restore\'' -l force -d 'replace an existing state (only after the new one is fully written)'
complete -c hostctl -n '__hostctl_at \'restore\'' -l storage -x -d 'put a storage\'s repositories in PATH instead of under the new state (repeatable)'
complete -c hostctl -n '__hostctl_at \'restore\'' -l check -d 'verify the archive (each member against the manifest, then doctor\'s database and stored-bytes checks) and write no state'
complete -c hostctl -n '__hostctl_at \'restore\'; and __hostctl_arg 1' -F

# saml configure
complete -c hostctl -n '__hostctl_at \'saml configure\'' -l sso-url -x -d 'the identity provider\'s SSO URL (https)'
complete -c hostctl -n '__hostctl_at \'saml configure\'' -l fingerprint -x -d 'the SHA-1 fingerprint of the identity provider\'s signing certificate'
complete -c hostctl -n '__hostctl_at \'saml configure\'' -l default-role -x -d 'role of members who sign in: minimal, guest, planner, reporter, developer or maintainer'
complete -c hostctl -n '__hostctl_at \'saml configure\'' -l enforced-sso -d 'members must sign in through SAML'
complete -c hostctl -n '__hostctl_at \'saml configure\'' -l no-enforced-sso -d 'members may also sign in without SAML'
complete -c hostctl -n '__hostctl_at \'saml configure\'' -l enabled -d 'turn the provider on'
complete -c hostctl -n '__hostctl_at \'saml configure\'' -l disabled -d 'turn the provider off'
complete -c hostctl -n '__hostctl_at \'saml configure\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'saml configure\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'saml configure\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'saml configure\'; and __hostctl_arg 1' -a '(__hostctl_dynamic top-groups)'

# saml get
complete -c hostctl -n '__hostctl_at \'saml get\'; and __hostctl_arg 1' -a '(__hostctl_dynamic top-groups)'

# saml identities list
complete -c hostctl -n '__hostctl_at \'saml identities list\'' -l scim -d 'the SCIM identities (with their active state) instead of the SAML ones'
complete -c hostctl -n '__hostctl_at \'saml identities list\'; and __hostctl_arg 1' -a '(__hostctl_dynamic top-groups)'

# saml identities get
complete -c hostctl -n '__hostctl_at \'saml identities get\'' -l scim -d 'the SCIM identities (with their active state) instead of the SAML ones'
complete -c hostctl -n '__hostctl_at \'saml identities get\'; and __hostctl_arg 1' -a '(__hostctl_dynamic top-groups)'

# saml identities update
complete -c hostctl -n '__hostctl_at \'saml identities update\'' -l scim -d 'the SCIM identities (with their active state) instead of the SAML ones'
complete -c hostctl -n '__hostctl_at \'saml identities update\'' -l extern-uid -x -d 'the new extern_uid'
complete -c hostctl -n '__hostctl_at \'saml identities update\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'saml identities update\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'saml identities update\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'saml identities update\'; and __hostctl_arg 1' -a '(__hostctl_dynamic top-groups)'

# saml identities delete
complete -c hostctl -n '__hostctl_at \'saml identities delete\'' -l scim -d 'the SCIM identities (with their active state) instead of the SAML ones'
complete -c hostctl -n '__hostctl_at \'saml identities delete\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'saml identities delete\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'saml identities delete\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'saml identities delete\'; and __hostctl_arg 1' -a '(__hostctl_dynamic top-groups)'

# saml links list
complete -c hostctl -n '__hostctl_at \'saml links list\'; and __hostctl_arg 1' -a '(__hostctl_dynamic top-groups)'

# saml links get
complete -c hostctl -n '__hostctl_at \'saml links get\'' -l provider -x -d 'the provider of the link, when several links share a name ("" for the link without one)'
complete -c hostctl -n '__hostctl_at \'saml links get\'; and __hostctl_arg 1' -a '(__hostctl_dynamic top-groups)'

# saml links create
complete -c hostctl -n '__hostctl_at \'saml links create\'' -l provider -x -d 'the provider of the link, when several links share a name ("" for the link without one)'
complete -c hostctl -n '__hostctl_at \'saml links create\'' -s a -l access-level -x -a 'guest planner reporter developer maintainer owner' -d 'role of the linked members: minimal, guest, planner, reporter, developer, maintainer, owner or a number'
complete -c hostctl -n '__hostctl_at \'saml links create\'' -l member-role -x -d 'a custom member role of the top-level group (Ultimate)'
complete -c hostctl -n '__hostctl_at \'saml links create\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'saml links create\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'saml links create\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'saml links create\'; and __hostctl_arg 1' -a '(__hostctl_dynamic top-groups)'

# saml links delete
complete -c hostctl -n '__hostctl_at \'saml links delete\'' -l provider -x -d 'the provider of the link, when several links share a name ("" for the link without one)'
complete -c hostctl -n '__hostctl_at \'saml links delete\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'saml links delete\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'saml links delete\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'saml links delete\'; and __hostctl_arg 1' -a '(__hostctl_dynamic top-groups)'

# scim token
complete -c hostctl -n '__hostctl_at \'scim token\'; and __hostctl_arg 1' -a '(__hostctl_dynamic top-groups)'

# security-settings get
complete -c hostctl -n '__hostctl_at \'security-settings get\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'

# security-settings update
complete -c hostctl -n '__hostctl_at \'security-settings update\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'security-settings update\'' -l secret-push-protection -x -a 'on off' -d 'block pushes that contain secrets'
complete -c hostctl -n '__hostctl_at \'security-settings update\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'security-settings update\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'security-settings update\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# serve
complete -c hostctl -n '__hostctl_at \'serve\'' -l host -x -d 'address to listen on'
complete -c hostctl -n '__hostctl_at \'serve\'' -l port -x -d 'port to listen on (0: any free port)'
complete -c hostctl -n '__hostctl_at \'serve\'' -l external-url -x -d 'base of every web URL the API answers with (default: the address each request reached)'
complete -c hostctl -n '__hostctl_at \'serve\'' -l trust-proxy -d 'believe X-Forwarded-Host/-Proto (only behind a reverse proxy that sets them)'

# snippets create
complete -c hostctl -n '__hostctl_at \'snippets create\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'a project snippet of this project (id or full path); default: personal snippets'
complete -c hostctl -n '__hostctl_at \'snippets create\'' -l title -x -d 'snippet title (required)'
complete -c hostctl -n '__hostctl_at \'snippets create\'' -l description -x -d 'description'
complete -c hostctl -n '__hostctl_at \'snippets create\'' -l visibility -x -a 'private internal public' -d 'private, internal, public (default: internal)'
complete -c hostctl -n '__hostctl_at \'snippets create\'' -l file -r -F -d 'a file to add (repeatable; \'-\' reads standard input, named by --filename)'
complete -c hostctl -n '__hostctl_at \'snippets create\'' -l filename -x -d 'the name in the snippet of the file read from standard input'
complete -c hostctl -n '__hostctl_at \'snippets create\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'snippets create\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'snippets create\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# snippets delete
complete -c hostctl -n '__hostctl_at \'snippets delete\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'a project snippet of this project (id or full path); default: personal snippets'
complete -c hostctl -n '__hostctl_at \'snippets delete\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'snippets delete\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'snippets delete\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# snippets files
complete -c hostctl -n '__hostctl_at \'snippets files\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'a project snippet of this project (id or full path); default: personal snippets'

# snippets get
complete -c hostctl -n '__hostctl_at \'snippets get\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'a project snippet of this project (id or full path); default: personal snippets'

# snippets list
complete -c hostctl -n '__hostctl_at \'snippets list\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'a project snippet of this project (id or full path); default: personal snippets'
complete -c hostctl -n '__hostctl_at \'snippets list\'' -l scope -x -a 'api read_api read_user create_runner manage_runner k8s_proxy read_repository write_repository read_registry write_registry read_virtual_registry write_virtual_registry read_service_ping sudo admin_mode ai_features self_rotate' -d 'own (default: yours, project snippets you wrote included), public, or all (everything you can see)'
complete -c hostctl -n '__hostctl_at \'snippets list\'' -l created-after -x -d 'only snippets created after this time (ISO 8601)'
complete -c hostctl -n '__hostctl_at \'snippets list\'' -l created-before -x -d 'only snippets created before this time (ISO 8601)'
complete -c hostctl -n '__hostctl_at \'snippets list\'' -l storage -x -a '(__hostctl_dynamic storages)' -d 'with --scope all: only snippets on this repository storage (administrators)'
complete -c hostctl -n '__hostctl_at \'snippets list\'' -l page -x -d 'page number to fetch'
complete -c hostctl -n '__hostctl_at \'snippets list\'' -l per-page -x -d 'items per page (the server caps it at 100)'
complete -c hostctl -n '__hostctl_at \'snippets list\'' -l all -d 'fetch every page, following the Link header'
complete -c hostctl -n '__hostctl_at \'snippets list\'' -l limit -x -d 'stop after N items, across pages'

# snippets raw
complete -c hostctl -n '__hostctl_at \'snippets raw\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'a project snippet of this project (id or full path); default: personal snippets'
complete -c hostctl -n '__hostctl_at \'snippets raw\'' -l file -r -F -d 'the file of the snippet to print'
complete -c hostctl -n '__hostctl_at \'snippets raw\'' -l all -d 'print every file of the snippet, in order (on a terminal each under a ==> PATH <== line)'
complete -c hostctl -n '__hostctl_at \'snippets raw\'' -l ref -x -a '(__hostctl_dynamic branches)' -d 'a branch, tag or commit of the snippet repository (default: main; needs --file)'

# snippets update
complete -c hostctl -n '__hostctl_at \'snippets update\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'a project snippet of this project (id or full path); default: personal snippets'
complete -c hostctl -n '__hostctl_at \'snippets update\'' -l title -x -d 'new title'
complete -c hostctl -n '__hostctl_at \'snippets update\'' -l description -x -d 'new description'
complete -c hostctl -n '__hostctl_at \'snippets update\'' -l visibility -x -a 'private internal public' -d 'private, internal, public'
complete -c hostctl -n '__hostctl_at \'snippets update\'' -l add -r -F -d 'add a file from disk under its name (repeatable)'
complete -c hostctl -n '__hostctl_at \'snippets update\'' -l remove -r -F -d 'remove this file of the snippet (repeatable)'
complete -c hostctl -n '__hostctl_at \'snippets update\'' -l rename -x -d 'rename a file of the snippet (repeatable)'
complete -c hostctl -n '__hostctl_at \'snippets update\'' -l replace -r -F -d 'replace the snippet file of the same name with this file from disk (repeatable)'
complete -c hostctl -n '__hostctl_at \'snippets update\'' -l filename -x -d 'the snippet file name of \'-\' (standard input) in --add or --replace'
complete -c hostctl -n '__hostctl_at \'snippets update\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'snippets update\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'snippets update\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# storage-moves get
complete -c hostctl -n '__hostctl_at \'storage-moves get\'' -l kind -x -d 'project, snippet or group (default: tried in that order)'

# storage-moves list
complete -c hostctl -n '__hostctl_at \'storage-moves list\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'a project (id or full path): its repository and wiki'
complete -c hostctl -n '__hostctl_at \'storage-moves list\'' -l snippet -x -d 'a snippet (id): its repository'
complete -c hostctl -n '__hostctl_at \'storage-moves list\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'a group (id or full path): its wiki repository (paid tiers)'
complete -c hostctl -n '__hostctl_at \'storage-moves list\'' -l kind -x -d 'project, snippet or group (default: all three)'
complete -c hostctl -n '__hostctl_at \'storage-moves list\'' -l status -x -d 'only moves in this status (initial, scheduled, started, replicated, finished, failed, cleanup failed); --state names the state directory'
complete -c hostctl -n '__hostctl_at \'storage-moves list\'' -l page -x -d 'page number to fetch'
complete -c hostctl -n '__hostctl_at \'storage-moves list\'' -l per-page -x -d 'items per page (the server caps it at 100)'
complete -c hostctl -n '__hostctl_at \'storage-moves list\'' -l all -d 'fetch every page, following the Link header'
complete -c hostctl -n '__hostctl_at \'storage-moves list\'' -l limit -x -d 'stop after N items, across pages'

# storage-moves schedule
complete -c hostctl -n '__hostctl_at \'storage-moves schedule\'' -l from -x -a '(__hostctl_dynamic storages)' -d 'move everything of --kind on this storage'
complete -c hostctl -n '__hostctl_at \'storage-moves schedule\'' -l to -x -a '(__hostctl_dynamic storages)' -d 'destination storage (default: picked by storage weight)'
complete -c hostctl -n '__hostctl_at \'storage-moves schedule\'' -l kind -x -d 'with --from: project (default), snippet or group'
complete -c hostctl -n '__hostctl_at \'storage-moves schedule\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'a project (id or full path): its repository and wiki'
complete -c hostctl -n '__hostctl_at \'storage-moves schedule\'' -l snippet -x -d 'a snippet (id): its repository'
complete -c hostctl -n '__hostctl_at \'storage-moves schedule\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'a group (id or full path): its wiki repository (paid tiers)'
complete -c hostctl -n '__hostctl_at \'storage-moves schedule\'' -l wait -d 'wait until every move finished or failed (exit 1 when any failed)'
complete -c hostctl -n '__hostctl_at \'storage-moves schedule\'' -l timeout -x -d 'with --wait: give up waiting after this long (exit 7), e.g. 30s, 10m'
complete -c hostctl -n '__hostctl_at \'storage-moves schedule\'' -l interval -x -d 'with --wait: time between polls'
complete -c hostctl -n '__hostctl_at \'storage-moves schedule\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'storage-moves schedule\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'storage-moves schedule\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# storage-moves wait
complete -c hostctl -n '__hostctl_at \'storage-moves wait\'' -l kind -x -d 'project, snippet or group (default: found from each id)'
complete -c hostctl -n '__hostctl_at \'storage-moves wait\'' -l timeout -x -d 'give up waiting after this long (exit 7), e.g. 30s, 10m'
complete -c hostctl -n '__hostctl_at \'storage-moves wait\'' -l interval -x -d 'time between polls'

# storages add
complete -c hostctl -n '__hostctl_at \'storages add\'' -l weight -x -d 'weight 0-100 for picking move destinations (0: never picked)'
complete -c hostctl -n '__hostctl_at \'storages add\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'storages add\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'storages add\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'storages add\'; and __hostctl_arg 2' -a '(__fish_complete_directories)'

# storages remove
complete -c hostctl -n '__hostctl_at \'storages remove\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'storages remove\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'storages remove\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'storages remove\'; and __hostctl_arg 1' -a '(__hostctl_dynamic storages)'

# tags create
complete -c hostctl -n '__hostctl_at \'tags create\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'tags create\'' -l ref -x -a '(__hostctl_dynamic branches)' -d 'branch, tag or commit SHA to tag (required)'
complete -c hostctl -n '__hostctl_at \'tags create\'' -s m -l message -x -d 'makes an annotated tag with this message'
complete -c hostctl -n '__hostctl_at \'tags create\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'tags create\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'tags create\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# tags delete
complete -c hostctl -n '__hostctl_at \'tags delete\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'tags delete\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'tags delete\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'tags delete\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'tags delete\'; and __hostctl_arg 1' -a '(__hostctl_dynamic tags)'

# tags get
complete -c hostctl -n '__hostctl_at \'tags get\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'tags get\'; and __hostctl_arg 1' -a '(__hostctl_dynamic tags)'

# tags list
complete -c hostctl -n '__hostctl_at \'tags list\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project (id or full path)'
complete -c hostctl -n '__hostctl_at \'tags list\'' -l sort -x -a 'updated updated:asc updated:desc name name:asc name:desc version version:asc version:desc' -d 'sort by one of updated, name, version, optionally :asc or :desc (default updated:desc)'
complete -c hostctl -n '__hostctl_at \'tags list\'' -l search -x -d 'name contains the term; ^term matches the start, term$ the end'
complete -c hostctl -n '__hostctl_at \'tags list\'' -l page -x -d 'page number to fetch'
complete -c hostctl -n '__hostctl_at \'tags list\'' -l per-page -x -d 'items per page (the server caps it at 100)'
complete -c hostctl -n '__hostctl_at \'tags list\'' -l all -d 'fetch every page, following the Link header'
complete -c hostctl -n '__hostctl_at \'tags list\'' -l limit -x -d 'stop after N items, across pages'

# tokens associations
complete -c hostctl -n '__hostctl_at \'tokens associations\'' -l min-access-level -x -d 'only where the role is at least this (guest … owner, or 10 … 50)'
complete -c hostctl -n '__hostctl_at \'tokens associations\'' -l page -x -d 'page number to fetch'
complete -c hostctl -n '__hostctl_at \'tokens associations\'' -l per-page -x -d 'items per page (the server caps it at 100)'
complete -c hostctl -n '__hostctl_at \'tokens associations\'' -l all -d 'fetch every page, following the Link header'
complete -c hostctl -n '__hostctl_at \'tokens associations\'' -l limit -x -d 'stop after N items, across pages'

# tokens create
complete -c hostctl -n '__hostctl_at \'tokens create\'' -l user -x -a '(__hostctl_dynamic users)' -d 'owner of the token (id or username)'
complete -c hostctl -n '__hostctl_at \'tokens create\'' -l name -x -d 'name of the token'
complete -c hostctl -n '__hostctl_at \'tokens create\'' -l scope -x -a 'api read_api read_user create_runner manage_runner k8s_proxy read_repository write_repository read_registry write_registry read_virtual_registry write_virtual_registry read_service_ping sudo admin_mode ai_features self_rotate' -d 'a scope such as api, read_api, read_repository (repeatable, or comma-separated)'
complete -c hostctl -n '__hostctl_at \'tokens create\'' -l expires-at -x -d 'expiry date (YYYY-MM-DD, after today and at most 400 days ahead); the instance default when absent'
complete -c hostctl -n '__hostctl_at \'tokens create\'' -l description -x -d 'what the token is for'
complete -c hostctl -n '__hostctl_at \'tokens create\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'tokens create\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'tokens create\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# tokens list
complete -c hostctl -n '__hostctl_at \'tokens list\'' -l sort -x -a 'created created:asc created:desc expires expires:asc expires:desc last_used last_used:asc last_used:desc name name:asc name:desc' -d 'sort by one of created, expires, last_used, name, optionally :asc or :desc'
complete -c hostctl -n '__hostctl_at \'tokens list\'' -l user -x -a '(__hostctl_dynamic users)' -d 'only tokens of this user (id or username)'
complete -c hostctl -n '__hostctl_at \'tokens list\'' -l active -d 'only active tokens (neither revoked nor expired)'
complete -c hostctl -n '__hostctl_at \'tokens list\'' -l inactive -d 'only inactive tokens (revoked or expired)'
complete -c hostctl -n '__hostctl_at \'tokens list\'' -l revoked -d 'only revoked tokens'
complete -c hostctl -n '__hostctl_at \'tokens list\'' -l search -x -d 'name contains this text'
complete -c hostctl -n '__hostctl_at \'tokens list\'' -l created-after -x -d 'created at or after this ISO time'
complete -c hostctl -n '__hostctl_at \'tokens list\'' -l created-before -x -d 'created at or before this ISO time'
complete -c hostctl -n '__hostctl_at \'tokens list\'' -l expires-after -x -d 'expires on or after this date (YYYY-MM-DD)'
complete -c hostctl -n '__hostctl_at \'tokens list\'' -l expires-before -x -d 'expires on or before this date (YYYY-MM-DD)'
complete -c hostctl -n '__hostctl_at \'tokens list\'' -l expires-within -x -d 'expires within this long from today, e.g. 30d or 2w (active tokens)'
complete -c hostctl -n '__hostctl_at \'tokens list\'' -l last-used-after -x -d 'last used at or after this ISO time'
complete -c hostctl -n '__hostctl_at \'tokens list\'' -l last-used-before -x -d 'last used at or before this ISO time'
complete -c hostctl -n '__hostctl_at \'tokens list\'' -l page -x -d 'page number to fetch'
complete -c hostctl -n '__hostctl_at \'tokens list\'' -l per-page -x -d 'items per page (the server caps it at 100)'
complete -c hostctl -n '__hostctl_at \'tokens list\'' -l all -d 'fetch every page, following the Link header'
complete -c hostctl -n '__hostctl_at \'tokens list\'' -l limit -x -d 'stop after N items, across pages'

# tokens revoke
complete -c hostctl -n '__hostctl_at \'tokens revoke\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'tokens revoke\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'tokens revoke\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# tokens rotate
complete -c hostctl -n '__hostctl_at \'tokens rotate\'' -l expires-at -x -d 'expiry of the new token (YYYY-MM-DD, at most 400 days ahead); default: the old token\'s lifetime from today, capped at 400 days (400 days for a token that never expired)'
complete -c hostctl -n '__hostctl_at \'tokens rotate\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'tokens rotate\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'tokens rotate\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# users block
complete -c hostctl -n '__hostctl_at \'users block\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'users block\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'users block\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'users block\'; and __hostctl_arg 1' -a '(__hostctl_dynamic users)'

# users create
complete -c hostctl -n '__hostctl_at \'users create\'' -l username -x -d 'username (the user namespace path)'
complete -c hostctl -n '__hostctl_at \'users create\'' -l name -x -d 'full name'
complete -c hostctl -n '__hostctl_at \'users create\'' -l email -x -d 'primary email'
complete -c hostctl -n '__hostctl_at \'users create\'' -l password -x -d 'password (at least 8 characters; visible to other users of this machine: prefer --password-stdin)'
complete -c hostctl -n '__hostctl_at \'users create\'' -l password-stdin -d 'read the password from standard input (one line)'
complete -c hostctl -n '__hostctl_at \'users create\'' -l admin -d 'make the user an administrator'
complete -c hostctl -n '__hostctl_at \'users create\'' -l no-admin -d 'make the user a regular user'
complete -c hostctl -n '__hostctl_at \'users create\'' -l external -d 'mark the user external (no access to internal projects)'
complete -c hostctl -n '__hostctl_at \'users create\'' -l no-external -d 'mark the user internal'
complete -c hostctl -n '__hostctl_at \'users create\'' -l bio -x -d 'short biography'
complete -c hostctl -n '__hostctl_at \'users create\'' -l organization -x -d 'organization'
complete -c hostctl -n '__hostctl_at \'users create\'' -l job-title -x -d 'job title'
complete -c hostctl -n '__hostctl_at \'users create\'' -l location -x -d 'location'
complete -c hostctl -n '__hostctl_at \'users create\'' -l projects-limit -x -d 'how many personal projects the user may create'
complete -c hostctl -n '__hostctl_at \'users create\'' -l can-create-group -d 'allow creating top-level groups'
complete -c hostctl -n '__hostctl_at \'users create\'' -l no-can-create-group -d 'forbid creating top-level groups'
complete -c hostctl -n '__hostctl_at \'users create\'' -l reset-password -d 'email the user a link to set a password instead of setting one'
complete -c hostctl -n '__hostctl_at \'users create\'' -l send-confirmation -d 'ask the user to confirm the email (confirmed at once otherwise)'
complete -c hostctl -n '__hostctl_at \'users create\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'users create\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'users create\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# users delete
complete -c hostctl -n '__hostctl_at \'users delete\'' -l hard-delete -d 'also delete what the user contributed instead of handing it to a ghost user'
complete -c hostctl -n '__hostctl_at \'users delete\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'users delete\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'users delete\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'users delete\'; and __hostctl_arg 1' -a '(__hostctl_dynamic users)'

# users get
complete -c hostctl -n '__hostctl_at \'users get\'; and __hostctl_arg 1' -a '(__hostctl_dynamic users)'

# users list
complete -c hostctl -n '__hostctl_at \'users list\'' -l sort -x -a 'id id:asc id:desc name name:asc name:desc username username:asc username:desc created created:asc created:desc updated updated:asc updated:desc' -d 'sort by one of id, name, username, created, updated, optionally :asc or :desc (default id:desc)'
complete -c hostctl -n '__hostctl_at \'users list\'' -l search -x -d 'username or name contains this text, or the email is exactly it'
complete -c hostctl -n '__hostctl_at \'users list\'' -l username -x -a '(__hostctl_dynamic users)' -d 'exactly this username'
complete -c hostctl -n '__hostctl_at \'users list\'' -l active -d 'only active users'
complete -c hostctl -n '__hostctl_at \'users list\'' -l blocked -d 'only blocked users'
complete -c hostctl -n '__hostctl_at \'users list\'' -l external -d 'only external users'
complete -c hostctl -n '__hostctl_at \'users list\'' -l admins -d 'only administrators'
complete -c hostctl -n '__hostctl_at \'users list\'' -l two-factor -x -a 'enabled disabled' -d 'only users with two-factor authentication enabled or disabled (administrators)'
complete -c hostctl -n '__hostctl_at \'users list\'' -l created-after -x -d 'created after this ISO time'
complete -c hostctl -n '__hostctl_at \'users list\'' -l created-before -x -d 'created before this ISO time'
complete -c hostctl -n '__hostctl_at \'users list\'' -l page -x -d 'page number to fetch'
complete -c hostctl -n '__hostctl_at \'users list\'' -l per-page -x -d 'items per page (the server caps it at 100)'
complete -c hostctl -n '__hostctl_at \'users list\'' -l all -d 'fetch every page, following the Link header'
complete -c hostctl -n '__hostctl_at \'users list\'' -l limit -x -d 'stop after N items, across pages'

# users unblock
complete -c hostctl -n '__hostctl_at \'users unblock\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'users unblock\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'users unblock\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'users unblock\'; and __hostctl_arg 1' -a '(__hostctl_dynamic users)'

# users update
complete -c hostctl -n '__hostctl_at \'users update\'' -l username -x -a '(__hostctl_dynamic users)' -d 'username (the user namespace path)'
complete -c hostctl -n '__hostctl_at \'users update\'' -l name -x -d 'full name'
complete -c hostctl -n '__hostctl_at \'users update\'' -l email -x -d 'primary email'
complete -c hostctl -n '__hostctl_at \'users update\'' -l password -x -d 'password (at least 8 characters; visible to other users of this machine: prefer --password-stdin)'
complete -c hostctl -n '__hostctl_at \'users update\'' -l password-stdin -d 'read the password from standard input (one line)'
complete -c hostctl -n '__hostctl_at \'users update\'' -l admin -d 'make the user an administrator'
complete -c hostctl -n '__hostctl_at \'users update\'' -l no-admin -d 'make the user a regular user'
complete -c hostctl -n '__hostctl_at \'users update\'' -l external -d 'mark the user external (no access to internal projects)'
complete -c hostctl -n '__hostctl_at \'users update\'' -l no-external -d 'mark the user internal'
complete -c hostctl -n '__hostctl_at \'users update\'' -l bio -x -d 'short biography'
complete -c hostctl -n '__hostctl_at \'users update\'' -l organization -x -d 'organization'
complete -c hostctl -n '__hostctl_at \'users update\'' -l job-title -x -d 'job title'
complete -c hostctl -n '__hostctl_at \'users update\'' -l location -x -d 'location'
complete -c hostctl -n '__hostctl_at \'users update\'' -l projects-limit -x -d 'how many personal projects the user may create'
complete -c hostctl -n '__hostctl_at \'users update\'' -l can-create-group -d 'allow creating top-level groups'
complete -c hostctl -n '__hostctl_at \'users update\'' -l no-can-create-group -d 'forbid creating top-level groups'
complete -c hostctl -n '__hostctl_at \'users update\'' -l two-factor -x -a 'enabled disabled' -d 'enabled or disabled: the two-factor state of local data (hostctl extension)'
complete -c hostctl -n '__hostctl_at \'users update\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'users update\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'users update\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'users update\'; and __hostctl_arg 1' -a '(__hostctl_dynamic users)'

# wikis attachments list
complete -c hostctl -n '__hostctl_at \'wikis attachments list\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project whose wiki (id or full path)'
complete -c hostctl -n '__hostctl_at \'wikis attachments list\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'the group whose wiki (id or full path; paid tiers)'
complete -c hostctl -n '__hostctl_at \'wikis attachments list\'' -l branch -x -a '(__hostctl_dynamic branches)' -d 'the wiki branch to read (default: the wiki default branch)'
complete -c hostctl -n '__hostctl_at \'wikis attachments list\'' -l page -x -d 'page number to fetch'
complete -c hostctl -n '__hostctl_at \'wikis attachments list\'' -l per-page -x -d 'items per page (the server caps it at 100)'
complete -c hostctl -n '__hostctl_at \'wikis attachments list\'' -l all -d 'fetch every page, following the Link header'
complete -c hostctl -n '__hostctl_at \'wikis attachments list\'' -l limit -x -d 'stop after N items, across pages'

# wikis attachments download
complete -c hostctl -n '__hostctl_at \'wikis attachments download\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project whose wiki (id or full path)'
complete -c hostctl -n '__hostctl_at \'wikis attachments download\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'the group whose wiki (id or full path; paid tiers)'
complete -c hostctl -n '__hostctl_at \'wikis attachments download\'' -l branch -x -a '(__hostctl_dynamic branches)' -d 'the wiki branch to read (default: the wiki default branch)'
complete -c hostctl -n '__hostctl_at \'wikis attachments download\'' -s O -l output-file -r -F -d 'where to write it (\'-\' for standard output; default: the attachment\'s own name)'
complete -c hostctl -n '__hostctl_at \'wikis attachments download\'' -l clobber -d 'overwrite the file when it exists'
complete -c hostctl -n '__hostctl_at \'wikis attachments download\'' -l skip-existing -d 'leave an existing file alone and succeed'
complete -c hostctl -n '__hostctl_at \'wikis attachments download\'; and __hostctl_arg 1' -a '(__hostctl_dynamic wiki-attachments)'

# wikis create
complete -c hostctl -n '__hostctl_at \'wikis create\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project whose wiki (id or full path)'
complete -c hostctl -n '__hostctl_at \'wikis create\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'the group whose wiki (id or full path; paid tiers)'
complete -c hostctl -n '__hostctl_at \'wikis create\'' -l content -x -d 'the page content'
complete -c hostctl -n '__hostctl_at \'wikis create\'' -l content-file -r -F -d 'the page content from a file (\'-\' reads standard input)'
complete -c hostctl -n '__hostctl_at \'wikis create\'' -l title -x -d 'page title (required)'
complete -c hostctl -n '__hostctl_at \'wikis create\'' -l format -x -d 'markdown, rdoc, asciidoc, org (default: markdown)'
complete -c hostctl -n '__hostctl_at \'wikis create\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'wikis create\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'wikis create\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'

# wikis delete
complete -c hostctl -n '__hostctl_at \'wikis delete\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project whose wiki (id or full path)'
complete -c hostctl -n '__hostctl_at \'wikis delete\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'the group whose wiki (id or full path; paid tiers)'
complete -c hostctl -n '__hostctl_at \'wikis delete\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'wikis delete\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'wikis delete\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'wikis delete\'; and __hostctl_arg 1' -a '(__hostctl_dynamic wikis)'

# wikis edit
complete -c hostctl -n '__hostctl_at \'wikis edit\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project whose wiki (id or full path)'
complete -c hostctl -n '__hostctl_at \'wikis edit\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'the group whose wiki (id or full path; paid tiers)'
complete -c hostctl -n '__hostctl_at \'wikis edit\'; and __hostctl_arg 1' -a '(__hostctl_dynamic wikis)'

# wikis get
complete -c hostctl -n '__hostctl_at \'wikis get\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project whose wiki (id or full path)'
complete -c hostctl -n '__hostctl_at \'wikis get\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'the group whose wiki (id or full path; paid tiers)'
complete -c hostctl -n '__hostctl_at \'wikis get\'' -l at -x -d 'the page as of this version: a commit of the wiki (see wikis history)'
complete -c hostctl -n '__hostctl_at \'wikis get\'' -l html -d 'the page rendered as HTML instead of its source'
complete -c hostctl -n '__hostctl_at \'wikis get\'; and __hostctl_arg 1' -a '(__hostctl_dynamic wikis)'

# wikis history
complete -c hostctl -n '__hostctl_at \'wikis history\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project whose wiki (id or full path)'
complete -c hostctl -n '__hostctl_at \'wikis history\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'the group whose wiki (id or full path; paid tiers)'
complete -c hostctl -n '__hostctl_at \'wikis history\'; and __hostctl_arg 1' -a '(__hostctl_dynamic wikis)'

# wikis list
complete -c hostctl -n '__hostctl_at \'wikis list\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project whose wiki (id or full path)'
complete -c hostctl -n '__hostctl_at \'wikis list\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'the group whose wiki (id or full path; paid tiers)'
complete -c hostctl -n '__hostctl_at \'wikis list\'' -l with-content -d 'include each page\'s content'

# wikis update
complete -c hostctl -n '__hostctl_at \'wikis update\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project whose wiki (id or full path)'
complete -c hostctl -n '__hostctl_at \'wikis update\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'the group whose wiki (id or full path; paid tiers)'
complete -c hostctl -n '__hostctl_at \'wikis update\'' -l content -x -d 'the page content'
complete -c hostctl -n '__hostctl_at \'wikis update\'' -l content-file -r -F -d 'the page content from a file (\'-\' reads standard input)'
complete -c hostctl -n '__hostctl_at \'wikis update\'' -l title -x -d 'new title (the page moves to the new slug)'
complete -c hostctl -n '__hostctl_at \'wikis update\'' -l format -x -d 'markdown, rdoc, asciidoc, org'
complete -c hostctl -n '__hostctl_at \'wikis update\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'wikis update\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'wikis update\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'wikis update\'; and __hostctl_arg 1' -a '(__hostctl_dynamic wikis)'

# wikis upload
complete -c hostctl -n '__hostctl_at \'wikis upload\'' -s R -l project -x -a '(__hostctl_dynamic projects)' -d 'the project whose wiki (id or full path)'
complete -c hostctl -n '__hostctl_at \'wikis upload\'' -s g -l group -x -a '(__hostctl_dynamic groups)' -d 'the group whose wiki (id or full path; paid tiers)'
complete -c hostctl -n '__hostctl_at \'wikis upload\'' -l branch -x -a '(__hostctl_dynamic branches)' -d 'the wiki branch to commit to (default: the wiki default branch)'
complete -c hostctl -n '__hostctl_at \'wikis upload\'' -l filename -x -d 'the attachment\'s name when the file is \'-\' (standard input)'
complete -c hostctl -n '__hostctl_at \'wikis upload\'' -l from-file -r -F -d 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record'
complete -c hostctl -n '__hostctl_at \'wikis upload\'' -l fail-fast -d 'with --from-file: stop at the first record that fails (the rest are reported as skipped)'
complete -c hostctl -n '__hostctl_at \'wikis upload\'' -l parallel -x -d 'with --from-file: run up to N records at once (1 to 16; default 1, one after another)'
complete -c hostctl -n '__hostctl_at \'wikis upload\'; and __hostctl_arg 1' -F
