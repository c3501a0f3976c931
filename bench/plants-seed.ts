import Database from 'better-sqlite3';

const ZONES = [
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Europe/Berlin',
  'America/Los_Angeles',
  'Australia/Sydney',
  'Asia/Kolkata',
];
const DAY = 86_400_000;

/**
 * A throw-away fleet for the plant benchmarks, written straight into the migrated SQLite file
 * with multi-row inserts: `plants` plants of `devices / plants` inverters each, their latest points,
 * and `days` days of device_daily. Plant ids are 1..plants. Every tenth plant belongs to the demo
 * agent's organisation (SUNPATH) and every tenth to its child (GREENROOF), the rest to ROOT: the
 * agent's list is a scope of a fifth of the fleet.
 */
export function seedPlantFleet(file: string, o: { plants: number; devices: number; days: number }) {
  const t0 = Date.now();
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const orgId = (code: string) =>
    (db.prepare('select id from orgs where code = ?').get(code) as { id: number } | undefined)?.id ?? 1;
  const root = orgId('ROOT');
  const sunpath = orgId('SUNPATH');
  const greenroof = orgId('GREENROOF');
  const orgOf = (plant: number) => (plant % 10 === 0 ? sunpath : plant % 10 === 1 ? greenroof : root);
  const now = Date.now();
  const insertMany = (table: string, cols: string[], rows: unknown[][], chunk = Math.floor(30_000 / cols.length)) => {
    const one = `(${cols.map(() => '?').join(',')})`;
    for (let i = 0; i < rows.length; i += chunk) {
      const part = rows.slice(i, i + chunk);
      db.prepare(`insert into ${table} (${cols.join(',')}) values ${part.map(() => one).join(',')}`).run(
        ...part.flat(),
      );
    }
  };
  const perPlant = Math.max(1, Math.floor(o.devices / o.plants));
  let dailyRows = 0;
  db.transaction(() => {
    const plants: unknown[][] = [];
    for (let i = 1; i <= o.plants; i++) {
      plants.push([
        i,
        orgOf(i),
        `Bench plant ${i}`,
        perPlant * 5000,
        'CN',
        ZONES[i % ZONES.length],
        30 + (i % 20),
        100 + (i % 40),
        `Bench street ${i}`,
        'roof',
        now - (i % 900) * DAY,
        now,
      ]);
    }
    insertMany(
      'plants',
      [
        'id',
        'org_id',
        'name',
        'capacity_wp',
        'country',
        'time_zone',
        'latitude',
        'longitude',
        'address',
        'install_position',
        'installed_at',
        'created_at',
      ],
      plants,
    );
    const devices: unknown[][] = [];
    let id = 0;
    for (let p = 1; p <= o.plants; p++) {
      for (let k = 0; k < perPlant && id < o.devices; k++) {
        id++;
        const online = id % 10 !== 0;
        devices.push([
          id,
          `BINV${String(id).padStart(7, '0')}`,
          `Bench inverter ${id}`,
          'inverter',
          orgOf(p),
          p,
          'mqtt',
          online ? 'online' : 'offline',
          id % 97 === 0 ? 'failure' : 'run',
          now - (id % 600) * 1000,
          JSON.stringify({ acPower: (id * 37) % 5000, energyTotal: 1000 + id }),
          now,
        ]);
      }
    }
    insertMany(
      'devices',
      [
        'id',
        'sn',
        'name',
        'type',
        'org_id',
        'plant_id',
        'comm_mode',
        'online_state',
        'run_state',
        'last_online_at',
        'last_points',
        'created_at',
      ],
      devices,
    );
    const daily: unknown[][] = [];
    const flush = () => {
      insertMany('device_daily', ['device_id', 'day', 'energy_kwh', 'updated_at'], daily);
      dailyRows += daily.length;
      daily.length = 0;
    };
    for (let d = 0; d < o.days; d++) {
      const day = new Date(now - d * DAY).toISOString().slice(0, 10);
      for (let dev = 1; dev <= id; dev++) {
        daily.push([dev, day, ((dev + d) % 40) + 1, now]);
        if (daily.length >= 200_000) flush();
      }
    }
    flush();
  })();
  db.close();
  return { ms: Date.now() - t0, dailyRows };
}
