import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const NGINX = '/usr/sbin/nginx';
const SAMPLE = path.resolve(import.meta.dirname, '../../../docs/deploy/nginx.conf');
// CI installs nginx-light (.ci/run); a developer's machine without it skips this file.
const skip = !existsSync(NGINX) && !process.env.CI;

/** The README's nginx sample is one nginx takes as it is (only its certificate paths replaced). */
describe.skipIf(skip)('the deployment samples', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pc-nginx-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('nginx accepts the sample configuration in front of two instances', () => {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=cloud.example.com',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const site = readFileSync(SAMPLE, 'utf8')
      .replace('/etc/ssl/certs/cloud.example.com.pem', path.join(dir, 'cert.pem'))
      .replace('/etc/ssl/private/cloud.example.com.key', path.join(dir, 'key.pem'));
    expect(site).toContain('proxy_request_buffering off');
    writeFileSync(path.join(dir, 'site.conf'), site);
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      `pid ${dir}/nginx.pid;\nerror_log stderr;\nevents {}\nhttp {\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  include ${dir}/site.conf;\n}\n`,
    );
    const out = execFileSync(NGINX, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(out).toBe('');
  });
});
