import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('needs no variables for local use', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '127.0.0.1',
      smtpUrl: undefined,
      publicOrigin: undefined,
      secureCookies: false,
      logLevel: 'info',
      trustProxy: false,
      redisUrl: undefined,
    });
    expect(config.database).toEqual({
      kind: 'pglite',
      dataDir: expect.stringMatching(/data[\\/]pglite$/),
    });
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', SMTP_URL: '' }).port).toBe(3000);
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://app:pw@db:5432/charts' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://app:pw@db:5432/charts' });
  });

  it('puts PGlite inside DATA_DIR', () => {
    const config = loadConfig({ DATA_DIR: '/var/lib/c2p' });
    expect(config.database).toEqual({ kind: 'pglite', dataDir: '/var/lib/c2p/pglite' });
  });

  it('uses Secure cookies behind an https PUBLIC_ORIGIN and normalises it', () => {
    const config = loadConfig({ PUBLIC_ORIGIN: 'https://charts.example/' });
    expect(config.publicOrigin).toBe('https://charts.example');
    expect(config.secureCookies).toBe(true);
  });

  it('parses TRUST_PROXY as a flag, a hop count or a list of addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
    ]);
  });

  it('refuses TRUST_PROXY=true in production, where it would let a client pick its own IP', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail:587' };
    expect(() => loadConfig({ ...production, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY must not be true when NODE_ENV=production.*number of proxies/,
    );
    expect(loadConfig({ ...production, TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });

  it('reads REDIS_URL and hides it when it is wrong (it may hold a password)', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    let error: unknown;
    try {
      loadConfig({ REDIS_URL: 'http://:secret@cache' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain('REDIS_URL must be a redis:// or rediss:// URL');
    expect((error as ConfigError).message).not.toContain('secret');
  });

  it('lists every bad variable at once, hiding values that may hold passwords', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://root:hunter2@db/x',
        SMTP_URL: 'http://mail',
        PUBLIC_ORIGIN: 'https://charts.example/app',
        LOG_LEVEL: 'loud',
        NODE_ENV: 'staging',
        TRUST_PROXY: 'sometimes',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    const names = problems.map((p) => p.split(' ')[0]);
    expect(names.sort()).toEqual(
      ['DATABASE_URL', 'LOG_LEVEL', 'NODE_ENV', 'PORT', 'PUBLIC_ORIGIN', 'SMTP_URL', 'TRUST_PROXY'].sort(),
    );
    expect(message).toContain('PORT must be a whole number from 0 to 65535 (got "eighty")');
    expect(message).not.toContain('hunter2');
    expect(message).toContain(
      'DATABASE_URL must be a postgres:// or postgresql:// connection URL (value hidden)',
    );
  });

  it('refuses NODE_ENV=production without SMTP_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SMTP_URL is required when NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' }).nodeEnv).toBe('production');
  });
});
