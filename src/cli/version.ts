// The version printed by --version; kept in step with package.json by the build.
export const VERSION = '0.1.0';
