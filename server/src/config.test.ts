import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, mailLinksWarning } from './config';

describe('loadConfig', () => {
  it('starts with no variables at all: port 8080, ./data, PGlite', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toMatch(/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.appUrl).toBe('http://localhost:8080');
    expect(config.mailUrl).toBeUndefined();
  });

  it('stops with one line naming an invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Invalid environment variable PORT: /);
    try {
      loadConfig({ DATABASE_URL: 'mysql://localhost/x' });
    } catch (error) {
      expect((error as Error).message).toMatch(/^Invalid environment variable DATABASE_URL: .*postgres/);
      expect((error as Error).message).not.toContain('\n');
    }
    expect(() => loadConfig({ MAIL_URL: 'http://mail' })).toThrow(/MAIL_URL/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'not-an-email' })).toThrow(/ADMIN_EMAIL/);
  });

  it('treats empty values as unset and normalises the app URL', () => {
    const config = loadConfig({ PORT: '', APP_URL: 'https://lisan.example/', ADMIN_EMAIL: 'Admin@Example.com' });
    expect(config.port).toBe(8080);
    expect(config.appUrl).toBe('https://lisan.example');
    expect(config.adminEmail).toBe('admin@example.com');
  });

  it("reads the first admin's language (English by default) and name (unset by default)", () => {
    expect(loadConfig({})).toMatchObject({ adminLocale: 'en', adminName: undefined });
    expect(loadConfig({ ADMIN_LOCALE: 'ar', ADMIN_NAME: '  سلمى  ' })).toMatchObject({ adminLocale: 'ar', adminName: 'سلمى' });
    expect(() => loadConfig({ ADMIN_LOCALE: 'fr' })).toThrow(/ADMIN_LOCALE/);
  });

  it('reads exactly the document settings docs/operations.md lists, with their defaults', () => {
    expect(loadConfig({}).documents).toEqual({
      maxUploadMb: 100,
      filterTimeoutSeconds: 300,
      countTimeoutSeconds: 30,
      filterMaxHeapMb: 512,
      maxPdfPages: 1000,
      batchSegments: 40,
      batchChars: 6000,
    });
  });
});

describe('social login providers', () => {
  it('offers no provider by default', () => {
    expect(loadConfig({}).socialProviders).toEqual({});
  });

  it('offers a provider when its id and secret are set, with the default or a configured issuer', () => {
    const config = loadConfig({
      GOOGLE_CLIENT_ID: 'g-id',
      GOOGLE_CLIENT_SECRET: 'g-secret',
      LINKEDIN_CLIENT_ID: 'l-id',
      LINKEDIN_CLIENT_SECRET: 'l-secret',
      LINKEDIN_ISSUER_URL: 'http://127.0.0.1:4000/',
    });
    expect(config.socialProviders).toEqual({
      google: { clientId: 'g-id', clientSecret: 'g-secret', issuerUrl: 'https://accounts.google.com' },
      linkedin: { clientId: 'l-id', clientSecret: 'l-secret', issuerUrl: 'http://127.0.0.1:4000' },
    });
  });

  it('stops when only half of a provider is configured, or its issuer is not a URL', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'g-id' })).toThrow(/^Invalid environment variable GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set$/);
    expect(() => loadConfig({ LINKEDIN_CLIENT_SECRET: 's' })).toThrow(/^Invalid environment variable LINKEDIN_CLIENT_ID: /);
    expect(() => loadConfig({ GOOGLE_ISSUER_URL: 'accounts.google.com' })).toThrow(/GOOGLE_ISSUER_URL/);
  });
});

describe('links in e-mails', () => {
  it('warns when mail goes out over SMTP with links to localhost, and not otherwise', () => {
    expect(mailLinksWarning(loadConfig({ MAIL_URL: 'smtp://mail.example.com:587' }))).toMatch(/^MAIL_URL is set but APP_URL is http:\/\/localhost:8080: /);
    expect(mailLinksWarning(loadConfig({ MAIL_URL: 'smtp://mail.example.com:587', APP_URL: 'http://127.0.0.1:3000' }))).toContain('APP_URL is http://127.0.0.1:3000');
    expect(mailLinksWarning(loadConfig({ MAIL_URL: 'smtp://mail.example.com:587', APP_URL: 'https://lisan.example.com' }))).toBeNull();
    // Without MAIL_URL mail goes to the outbox folder (development): nobody receives it.
    expect(mailLinksWarning(loadConfig({}))).toBeNull();
  });
});
