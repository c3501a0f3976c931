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
