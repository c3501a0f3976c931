import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { buildTestApp } from './helper.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.mqttPort).toBe(1883);
    expect(c.databaseUrl).toMatch(/^sqlite:.*data\/pv\.sqlite$/);
    expect(c.demo).toBe(false);
  });

  it('stops on a bad value with one line naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ BRAND: 'acme' })).toThrow(/BRAND/);
    expect(() => loadConfig({ SAAS: 'yes' })).toThrow(/SAAS/);
    expect(() => loadConfig({ MQTT_CLIENT_ID: 'two words' })).toThrow(/MQTT_CLIENT_ID/);
    expect(loadConfig({ MQTT_CLIENT_ID: 'pv-ingest-a' }).mqttClientId).toBe('pv-ingest-a');
  });

  it('keeps files in S3 only with S3_BUCKET, and checks the S3_ variables', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'pv-files', S3_ENDPOINT: 'http://minio:9000' }).s3).toEqual({
      bucket: 'pv-files',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: true, // an endpoint of one's own: path-style unless said
      prefix: '',
    });
    expect(loadConfig({ S3_BUCKET: 'pv-files', S3_FORCE_PATH_STYLE: 'false', S3_PREFIX: 'a/b/' }).s3).toMatchObject({
      forcePathStyle: false,
      prefix: 'a/b/',
    });
    expect(() => loadConfig({ S3_BUCKET: 'PV_Files' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'pvx', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_BUCKET: 'pvx', S3_PREFIX: 'pv' })).toThrow(/S3_PREFIX/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_ENDPOINT is set but S3_BUCKET is not/);
    expect(() => loadConfig({ S3_BUCKET: 'pvx', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY/);
  });

  it('outside demo mode creates only the admin, with a one-time password', async () => {
    const t = await buildTestApp({ DEMO: 'false' });
    try {
      const users = await t.app.db.selectFrom('users').select('login_name').execute();
      expect(users.map((u) => u.login_name)).toEqual(['admin']);
      const res = await t.app.inject({
        method: 'POST',
        url: '/photo_voltaic/login',
        payload: { username: 'admin', password: 'demo123456' },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
