// Field orders of the platform's entities that several suites assert.

/** A commit as embedded in branches, releases and tags (before trailers and web_url). */
export const COMMIT_KEYS = [
  'id',
  'short_id',
  'created_at',
  'parent_ids',
  'title',
  'message',
  'author_name',
  'author_email',
  'authored_date',
  'committer_name',
  'committer_email',
  'committed_date',
];
