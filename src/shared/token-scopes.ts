// The scopes a personal access token may carry: the core refuses others, the CLI checks them
// before sending and completes them.
export const TOKEN_SCOPES = [
  'api',
  'read_api',
  'read_user',
  'create_runner',
  'manage_runner',
  'k8s_proxy',
  'read_repository',
  'write_repository',
  'read_registry',
  'write_registry',
  'read_virtual_registry',
  'write_virtual_registry',
  'read_service_ping',
  'sudo',
  'admin_mode',
  'ai_features',
  'self_rotate',
] as const;

/** Scopes about a person or the instance, which a resource bot's token cannot carry. */
const PERSONAL_SCOPES: readonly string[] = ['read_user', 'read_service_ping', 'sudo', 'admin_mode'];

/** Scopes a project or group access token (a resource bot's) may carry. */
export const BOT_TOKEN_SCOPES = TOKEN_SCOPES.filter((s) => !PERSONAL_SCOPES.includes(s));
