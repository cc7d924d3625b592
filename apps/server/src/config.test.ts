import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has defaults that work on a laptop', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: resolve(process.cwd(), 'data'),
      databaseUrl: undefined,
      embeddedPgPort: 5488,
      logLevel: 'info',
      adminEmail: 'admin@switchboard.local',
      adminPassword: undefined,
      accessTokenTtlMinutes: 60,
      refreshTokenTtlDays: 30,
      bodyLimitBytes: 1024 * 1024,
      databasePoolSize: 5,
      sessionCacheMs: 1000,
    });
    expect(config.webDist).toBe(resolve(import.meta.dirname, '../../web/dist'));
  });

  it('reads and converts the variables, treating empty ones as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/switchboard',
      DATABASE_URL: 'postgres://app:secret@db.internal:5432/switchboard',
      EMBEDDED_PG_PORT: '',
      ADMIN_PASSWORD: '',
      REDIS_URL: 'redis://127.0.0.1:6379',
      WEB_DIST: 'build/web',
      DATABASE_POOL_SIZE: '12',
      SESSION_CACHE_MS: '0',
    });
    expect(config.databasePoolSize).toBe(12);
    expect(config.sessionCacheMs).toBe(0);
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe('/var/lib/switchboard');
    expect(config.databaseUrl).toBe('postgres://app:secret@db.internal:5432/switchboard');
    expect(config.embeddedPgPort).toBe(5488);
    expect(config.adminPassword).toBeUndefined();
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.webDist).toBe(resolve(process.cwd(), 'build/web'));
  });

  it('runs jobs by default and reads the tracker settings (decision 0048)', () => {
    expect(loadConfig({})).toMatchObject({
      jobsEnabled: true,
      trackingApiUrl: 'https://api.easypost.com/v2',
      trackingApiKey: undefined,
      trackingWebhookSecret: undefined,
      trackingRefreshMinutes: 30,
    });
    const config = loadConfig({
      JOBS_ENABLED: 'false',
      TRACKING_API_URL: 'http://127.0.0.1:9/v2/',
      TRACKING_API_KEY: 'EZAK-key',
      TRACKING_WEBHOOK_SECRET: '',
      TRACKING_REFRESH_MINUTES: '5',
    });
    expect(config).toMatchObject({
      jobsEnabled: false,
      trackingApiUrl: 'http://127.0.0.1:9/v2',
      trackingApiKey: 'EZAK-key',
      trackingWebhookSecret: undefined,
      trackingRefreshMinutes: 5,
    });
    expect(() => loadConfig({ JOBS_ENABLED: 'yes' })).toThrow(/JOBS_ENABLED/);
    expect(() => loadConfig({ TRACKING_REFRESH_MINUTES: '90' })).toThrow(/TRACKING_REFRESH_MINUTES/);
  });

  it('listens on loopback only unless HOST names another interface', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('points mail links at APP_URL, by default http://localhost:{PORT}, without a trailing slash', () => {
    expect(loadConfig({}).appUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    expect(loadConfig({ APP_URL: 'https://portal.example.com/' }).appUrl).toBe('https://portal.example.com');
    expect(loadConfig({}).mailFrom).toBe('Switchboard <no-reply@switchboard.local>');
    expect(() => loadConfig({ APP_URL: 'not a url' })).toThrow(/APP_URL/);
  });

  it('reads TRUST_PROXY as false, true, a hop count or a list of addresses and CIDRs; false by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'FALSE' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1,loopback, fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.1',
      'loopback',
      'fd00::/8',
    ]);
    for (const bad of ['yes', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/1', ',']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        ADMIN_EMAIL: 'not-an-email',
        LOG_LEVEL: 'loud',
        ACCESS_TOKEN_TTL_MINUTES: '0',
        DATABASE_POOL_SIZE: '0',
        SESSION_CACHE_MS: '-1',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of [
      'PORT',
      'ADMIN_EMAIL',
      'LOG_LEVEL',
      'ACCESS_TOKEN_TTL_MINUTES',
      'DATABASE_POOL_SIZE',
      'SESSION_CACHE_MS',
    ])
      expect(message).toContain(name);
    expect(message).not.toContain('DATA_DIR');
  });

  it('binds the inbound SMTP listener to loopback with a 25 MB limit unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({
      inboundSmtpHost: '127.0.0.1',
      inboundSmtpMaxBytes: 25 * 1024 * 1024,
      inboundSmtpRelays: [],
      inboundSmtpMaxClients: 20,
    });
    const config = loadConfig({
      INBOUND_SMTP_HOST: '0.0.0.0',
      INBOUND_SMTP_MAX_BYTES: '1048576',
      INBOUND_SMTP_RELAYS: '10.0.0.5, 10.0.0.6',
    });
    expect(config).toMatchObject({
      inboundSmtpHost: '0.0.0.0',
      inboundSmtpMaxBytes: 1_048_576,
      inboundSmtpRelays: ['10.0.0.5', '10.0.0.6'],
    });
    expect(() => loadConfig({ INBOUND_SMTP_MAX_BYTES: '0' })).toThrow(/INBOUND_SMTP_MAX_BYTES/);
  });
});
