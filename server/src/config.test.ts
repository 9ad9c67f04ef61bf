import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
});
