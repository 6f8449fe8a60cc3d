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
