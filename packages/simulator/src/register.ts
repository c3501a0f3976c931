import { API_BASE, NAME_MAX_LENGTH, type DeviceType } from '@pv/contract';
import type { SimPlant } from './fleet.js';

/** The console account that registers the fleet (it needs plant:create, device:create, device:update). */
export interface RegisterOptions {
  /** The console's address, e.g. http://localhost:8080 */
  api: string;
  username: string;
  password: string;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export class RegisterError extends Error {}

/** A plant name the platform accepts (spec §5: letters, digits and Chinese, at most 30). */
export const plantNameOf = (plant: SimPlant) =>
  plant.name.replace(/[^A-Za-z0-9\u4e00-\u9fa5]/g, '').slice(0, NAME_MAX_LENGTH);

/**
 * Registers a simulated fleet through the console's own API, as an operator would: signs in,
 * creates each plant (or finds it by name) and each device (or, when its SN is taken, rotates its
 * key), and answers every device's key for the MQTT sign-in. Sub devices report through their
 * collector and need no key of their own.
 */
export async function registerFleet(plants: SimPlant[], o: RegisterOptions): Promise<Map<string, string>> {
  const base = o.api.replace(/\/+$/, '') + API_BASE;
  let token = '';
  async function call<T>(method: string, path: string, body?: unknown): Promise<Envelope<T>> {
    let res: Response;
    try {
      res = await fetch(base + path, {
        method,
        headers: {
          'x-token': token,
          'accept-language': 'en',
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      throw new RegisterError(`cannot reach the console at ${o.api}: ${(err as Error).message}`);
    }
    const answer = (await res
      .json()
      .catch(() => ({ code: res.status, msg: res.statusText, data: null }))) as Envelope<T>;
    return { ...answer, code: res.status };
  }
  const must = <T>(a: Envelope<T>, what: string): T => {
    if (a.code !== 200) throw new RegisterError(`${what}: ${a.msg} (${a.code})`);
    return a.data;
  };

  token = must(
    await call<{ token: string }>('POST', '/login', { username: o.username, password: o.password }),
    `sign in as ${o.username}`,
  ).token;
  const keys = new Map<string, string>();
  let devices = 0;
  for (const plant of plants) {
    const name = plantNameOf(plant);
    const found = must(
      await call<{ rows: { id: number; name: string }[] }>(
        'GET',
        `/plants?pageNum=1&pageSize=50&name=${encodeURIComponent(name)}`,
      ),
      `look up plant ${name}`,
    ).rows.find((r) => r.name === name);
    const plantId =
      found?.id ??
      must(
        await call<{ id: number }>('POST', '/plants', {
          name,
          capacityKw: plant.capacityWp / 1000,
          timeZone: plant.timeZone,
          ...(plant.country && { country: plant.country }),
          latitude: plant.latitude,
          longitude: plant.longitude,
          installPosition: 'roof',
        }),
        `create plant ${name}`,
      ).id;
    for (const d of plant.devices) {
      const created = await call<{ id: number; deviceKey: string }>('POST', '/devices', {
        sn: d.sn,
        name: d.sn,
        type: d.type as DeviceType,
        plantId,
      });
      if (created.code === 200) keys.set(d.sn, created.data.deviceKey);
      else if (created.code === 409) {
        // registered before (an earlier run): a new key, as the console's "rotate key" gives
        const row = must(
          await call<{ rows: { id: number; sn: string }[] }>(
            'GET',
            `/devices?pageNum=1&pageSize=10&sn=${encodeURIComponent(d.sn)}`,
          ),
          `look up device ${d.sn}`,
        ).rows.find((r) => r.sn === d.sn);
        if (!row) throw new RegisterError(`device ${d.sn} exists outside the scope of ${o.username}`);
        keys.set(
          d.sn,
          must(await call<{ deviceKey: string }>('POST', `/devices/${row.id}/key`), `rotate the key of ${d.sn}`)
            .deviceKey,
        );
      } else must(created, `register device ${d.sn}`);
      // a collector's inverters: sub devices under it, without keys (an earlier run's are kept)
      for (const sub of d.subs ?? []) {
        const made = await call('POST', '/devices', { sn: sub.sn, name: sub.sn, type: 'inverter', parentSn: d.sn });
        if (made.code !== 409) must(made, `register sub device ${sub.sn} under ${d.sn}`);
        devices++;
      }
      if (++devices % 100 === 0) o.log?.(`registered ${devices} devices`);
    }
  }
  o.log?.(`registered ${plants.length} plants and ${devices} devices through ${o.api}`);
  return keys;
}
