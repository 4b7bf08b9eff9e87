import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe as suite, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { describe, edgeWarnings } from './startup-banner.js';

const dataDir = mkdtempSync(join(tmpdir(), 'dealdesk-banner-'));
const configWith = (env: Record<string, string>) =>
  loadConfig({ DEALDESK_DATA_DIR: dataDir, DEALDESK_API_KEY: 'k', ...env });

suite('the start-up banner', () => {
  it('warns when mail goes out over SMTP to an address that cannot receive it', () => {
    const banner = describe(configWith({ SMTP_URL: 'smtp://mail.example.com' }), 'http://x', null);
    expect(banner).toContain(
      "warning: mail to the first admin's address admin@localhost cannot be delivered",
    );
  });

  it('says nothing of it for a real address, or when mail goes to the console', () => {
    const real = configWith({
      SMTP_URL: 'smtp://mail.example.com',
      DEALDESK_ADMIN_EMAIL: 'ops@dealdesk.in',
    });
    expect(describe(real, 'http://x', null)).not.toContain('warning');
    expect(describe(configWith({}), 'http://x', null)).not.toContain('warning');
  });

  it('warns on PostgreSQL with a server key made in the data folder: instances need the same', () => {
    const postgres = { DATABASE_URL: 'postgres://u@db/dealdesk' };
    const made = describe(configWith(postgres), 'http://x', null);
    expect(made).toContain(`the server key was made in ${join(dataDir, 'server-key')}`);
    expect(made).toContain('set DEALDESK_SERVER_KEY on each of them');
    const shared = configWith({ ...postgres, DEALDESK_SERVER_KEY: 'cd'.repeat(32) });
    expect(describe(shared, 'http://x', null)).not.toContain('warning');
    expect(describe(configWith({}), 'http://x', null)).not.toContain('server key');
  });

  it('warns of a production start without a public URL, and of open metrics off loopback', () => {
    expect(edgeWarnings(configWith({}))).toEqual([]);
    expect(edgeWarnings(configWith({ NODE_ENV: 'production' }))).toEqual([
      expect.stringContaining('set DEALDESK_PUBLIC_URL'),
    ]);
    const deployed = { NODE_ENV: 'production', DEALDESK_PUBLIC_URL: 'https://deals.example' };
    expect(edgeWarnings(configWith(deployed))).toEqual([]);
    expect(edgeWarnings(configWith({ ...deployed, HOST: '0.0.0.0' }))).toEqual([
      expect.stringContaining('set DEALDESK_METRICS_TOKEN'),
    ]);
    const withToken = { ...deployed, HOST: '0.0.0.0', DEALDESK_METRICS_TOKEN: 'scrape-me' };
    expect(edgeWarnings(configWith(withToken))).toEqual([]);
  });
});
