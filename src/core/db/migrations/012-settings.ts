// Settings-shaped areas: deploy freeze periods, project security settings (created with their
// defaults on first read), notification settings (one row per user and source; `source_id` 0
// for the user's global setting; event choices kept as a JSON object of the keys that were set),
// error tracking with its client keys, and the notification outbox (who would be notified of
// an event the instance raises itself).
import type { Migration } from '../migrate.js';

export const settingsSchema: Migration = {
  version: 12,
  name: 'settings',
  get up() {
    return `
CREATE TABLE freeze_periods (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  project_id INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  freeze_start TEXT NOT NULL,
  freeze_end TEXT NOT NULL,
  cron_timezone TEXT NOT NULL DEFAULT 'UTC',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX freeze_periods_project ON freeze_periods (project_id, created_at, id);

CREATE TABLE project_security_settings (
  project_id INTEGER PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
  auto_fix_container_scanning INTEGER NOT NULL DEFAULT 1,
  auto_fix_dast INTEGER NOT NULL DEFAULT 1,
  auto_fix_dependency_scanning INTEGER NOT NULL DEFAULT 1,
  auto_fix_sast INTEGER NOT NULL DEFAULT 1,
  continuous_vulnerability_scans_enabled INTEGER NOT NULL DEFAULT 0,
  container_scanning_for_registry_enabled INTEGER NOT NULL DEFAULT 0,
  secret_push_protection_enabled INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE notification_settings (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  source_type TEXT NOT NULL CHECK (source_type IN ('global', 'namespace', 'project')),
  source_id INTEGER NOT NULL,
  level TEXT NOT NULL,
  notification_email TEXT,
  events TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (user_id, source_type, source_id)
);
CREATE INDEX notification_settings_source ON notification_settings (source_type, source_id);

CREATE TABLE error_tracking_settings (
  project_id INTEGER PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
  active INTEGER NOT NULL DEFAULT 0,
  integrated INTEGER NOT NULL DEFAULT 0,
  project_name TEXT,
  tracker_external_url TEXT,
  api_url TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE error_tracking_client_keys (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  project_id INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  active INTEGER NOT NULL DEFAULT 1,
  public_key TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX error_tracking_client_keys_project ON error_tracking_client_keys (project_id, id);

CREATE TABLE notification_outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  event TEXT NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Kept after the project is gone: the record says who would have been told.
  project_id INTEGER,
  project_path TEXT NOT NULL,
  actor_id INTEGER,
  subject TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX notification_outbox_user ON notification_outbox (user_id, id);
CREATE INDEX notification_outbox_project ON notification_outbox (project_id, id);
`;
  },
};
