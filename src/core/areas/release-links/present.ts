// Link rows → the platform's release Link JSON. `direct_asset_url` is the permanent download URL
// (through the release's downloads route) when the link has a direct asset path, else its url.
import type { LinkRow } from '../releases/queries.js';

export interface LinkJson {
  id: number;
  name: string;
  url: string;
  direct_asset_url: string;
  link_type: string;
}

/** `<project web_url>/-/releases/<tag>` */
export const releaseWebUrl = (projectWebUrl: string, tag: string): string => `${projectWebUrl}/-/releases/${encodeURIComponent(tag)}`;

export function presentLink(link: LinkRow, projectWebUrl: string, tag: string): LinkJson {
  return {
    id: link.id,
    name: link.name,
    url: link.url,
    direct_asset_url: link.filepath ? `${releaseWebUrl(projectWebUrl, tag)}/downloads${link.filepath}` : link.url,
    link_type: link.link_type,
  };
}
