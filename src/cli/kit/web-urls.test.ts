import { describe, expect, it } from 'vitest';
import { showsWebUrl } from './web-urls.js';

const BASE = 'http://localhost:8080';

describe('showsWebUrl', () => {
  it('finds a URL under the base, a DSN with its key before the host too', () => {
    expect(showsWebUrl('url\thttp://localhost:8080/root', {}, BASE)).toBe(true);
    expect(showsWebUrl('"tracker_dsn": "http://glet_abc@localhost:8080/api/v4/error_tracking/collector/5"', {}, BASE)).toBe(true);
    expect(showsWebUrl('http://localhost:8080', {}, BASE)).toBe(true);
  });

  it('ignores other ports, hosts and schemes', () => {
    expect(showsWebUrl('http://localhost:80801/root https://localhost:8080/x http://localhost:8080.example.com/', {}, BASE)).toBe(false);
    expect(showsWebUrl('no urls here', { web_url: 'http://localhost:8080/root' }, BASE)).toBe(false);
  });

  it("finds a table cell cut from the left that is the end of one of the data's URLs", () => {
    const rows = [{ id: 3, url: 'http://localhost:8080/acme/web/storefront/-/releases/v1.1.0/evidences/3.json' }];
    expect(showsWebUrl('3  …/v1.1.0/evidences/3.json', rows, BASE)).toBe(true);
    // A cut cell that ends no such URL is something else (a path cut the same way).
    expect(showsWebUrl('3  …/platform/runner', rows, BASE)).toBe(false);
    // A path of the data cut the same way (a parent group) is not taken for its web URL.
    const groups = [{ id: 7, full_path: 'acme/platform', web_url: 'http://localhost:8080/groups/acme/platform' }, { id: 8, full_path: 'acme/platform/infra', parent_id: 7 }];
    expect(showsWebUrl('8  acme/platform/infra  …/platform', groups, BASE)).toBe(false);
    expect(showsWebUrl('3  …/v1.1.0/evidences/3.json', [{ url: 'https://elsewhere.example/acme/-/releases/v1.1.0/evidences/3.json' }], BASE)).toBe(false);
  });

  it('tells output without a URL or a cut cell from the text alone, and a base that is no URL by the text', () => {
    expect(showsWebUrl('1\troot\tapi\tactive', [{ web_url: 'http://localhost:8080/root' }], BASE)).toBe(false);
    expect(showsWebUrl('see http://[bad//x', {}, 'http://[bad//x')).toBe(true);
    expect(showsWebUrl('see nothing', {}, 'http://[bad//x')).toBe(false);
    // A base spelt without `//` that is still a URL of a special scheme is parsed as before.
    expect(showsWebUrl('http://localhost:8080/root', {}, 'http:localhost:8080')).toBe(true);
  });

  it('keeps a base with a path prefix', () => {
    expect(showsWebUrl('https://git.example.com/gitlab/acme', {}, 'https://git.example.com/gitlab')).toBe(true);
    expect(showsWebUrl('https://git.example.com/other/acme', {}, 'https://git.example.com/gitlab')).toBe(false);
  });
});
