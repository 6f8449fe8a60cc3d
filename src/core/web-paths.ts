// The web addresses the API hands out that hold data — release evidence documents
// (`evidences[].filepath`, `evidence_file_path`) and user avatars (`avatar_url`) — and the API
// route that answers each, with that route's permission rules. `hostctl serve` answers them on
// their web paths, and in-process requests reach them the same way (`api: 'web'`), so a command
// that follows such an address works alike on a local state, on serve and on the platform.

const EVIDENCE_URL = /^\/(.+)\/-\/releases\/([^/]+)\/(?:evidences\/(\d{1,15})|evidence)\.json$/;
const AVATAR_URL = /^\/uploads\/-\/system\/user\/avatar\/(\d{1,15})\/[^/]+$/;

/** The API path (below /api/v4) that answers a web path, or null when none does. */
export function webApiPath(path: string): string | null {
  const evidence = EVIDENCE_URL.exec(path);
  if (evidence) {
    // `/<project path>/-/releases/<tag>/evidences/<id>.json` (or `/evidence.json`, the newest)
    const project = (evidence[1] as string).split('/').join('%2F');
    return `/projects/${project}/releases/${evidence[2] as string}/${evidence[3] ? `evidences/${evidence[3]}` : 'evidence'}`;
  }
  const avatar = AVATAR_URL.exec(path);
  return avatar ? `/hostctl/users/${avatar[1] as string}/avatar` : null;
}
