import type { DeviceType, Language } from '@pv/contract';

/*
 * The demo's products as a manufacturer would publish them: their datasheet figures (printed into
 * the datasheet PDFs) and their firmware history (the firmware list, the product's release notes,
 * and the versions and OTA history of the demo devices).
 */

/** A datasheet's section: a heading and its rows of figures. */
export interface SpecSection {
  title: string;
  rows: [string, string][];
}

export interface FirmwareRelease {
  version: string;
  /** released this many days before the demo fleet was created */
  daysAgo: number;
  /** the image's size in KiB */
  sizeKiB: number;
  description: string;
  notes: Record<Language, string>;
}

export interface CatalogueProduct {
  name: string;
  type: DeviceType;
  code: string;
  /** one line under the title of its datasheet */
  tagline: string;
  /** what the datasheet's first page says of it */
  summary: string;
  features: string[];
  specs: SpecSection[];
  /** oldest first; the last is the newest */
  firmware: FirmwareRelease[];
}

export const CATALOGUE: CatalogueProduct[] = [
  {
    name: 'SunWave hybrid inverter',
    type: 'inverter',
    code: 'SW5K',
    tagline: 'Single-phase hybrid inverter, 5 kW, two MPPTs, 48 V battery port',
    summary:
      'The SunWave SW5K feeds a household from its roof, its battery and the grid at once. Two independent ' +
      'MPP trackers take strings of different orientation, the 48 V battery port charges from PV or the grid, ' +
      'and the backup output keeps essential loads running within 10 ms of a grid outage. Monitoring and ' +
      'firmware upgrades run through the LinkBox logger and PV Console.',
    features: [
      '97.6 % maximum efficiency, 99.9 % MPPT efficiency',
      '150 % DC oversizing: up to 7.5 kWp of modules',
      'Grid codes for 50 Hz and 60 Hz grids, selected at commissioning',
      'Backup output of 5 kVA, switch-over below 10 ms',
      'IP65, temperature-controlled fan: full power up to 45 °C',
      'Remote firmware upgrade (OTA) and power limitation from PV Console',
    ],
    specs: [
      {
        title: 'DC input (PV)',
        rows: [
          ['Max. PV array power', '7,500 Wp'],
          ['Max. DC input voltage', '600 V'],
          ['Rated DC voltage', '360 V'],
          ['MPPT voltage range', '120 – 550 V'],
          ['Start-up voltage', '100 V'],
          ['Number of MPP trackers', '2'],
          ['Strings per MPPT', '1'],
          ['Max. input current per MPPT', '16 A'],
          ['Max. short-circuit current per MPPT', '20 A'],
        ],
      },
      {
        title: 'Battery',
        rows: [
          ['Battery type', 'Lithium iron phosphate (LFP)'],
          ['Battery voltage range', '40 – 60 V'],
          ['Max. charge / discharge current', '100 A / 100 A'],
          ['Max. charge / discharge power', '5,000 W / 5,000 W'],
          ['Communication', 'CAN, RS485'],
        ],
      },
      {
        title: 'AC output (grid)',
        rows: [
          ['Rated AC power', '5,000 W'],
          ['Max. apparent power', '5,500 VA'],
          ['Rated grid voltage', '220 / 230 / 240 V, L/N/PE'],
          ['Grid voltage range', '180 – 270 V'],
          ['Rated grid frequency', '50 / 60 Hz'],
          ['Grid frequency range', '45 – 55 Hz / 55 – 65 Hz'],
          ['Max. output current', '25 A'],
          ['Power factor', '0.8 leading … 0.8 lagging'],
          ['Current distortion (THDi)', '< 3 %'],
        ],
      },
      {
        title: 'Backup output (EPS)',
        rows: [
          ['Rated power', '5,000 VA'],
          ['Peak power', '7,500 VA, 10 s'],
          ['Switch-over time', '< 10 ms'],
        ],
      },
      {
        title: 'Efficiency',
        rows: [
          ['Max. efficiency', '97.6 %'],
          ['European efficiency', '97.0 %'],
          ['MPPT efficiency', '99.9 %'],
          ['Max. battery charge / discharge efficiency', '95.5 %'],
        ],
      },
      {
        title: 'Protection',
        rows: [
          ['DC switch', 'Integrated'],
          ['Anti-islanding, RCMU, insulation monitoring', 'Yes'],
          ['Surge protection', 'DC type II, AC type III'],
          ['Arc-fault detection (AFCI)', 'Yes'],
        ],
      },
      {
        title: 'General data',
        rows: [
          ['Dimensions (W × H × D)', '505 × 440 × 188 mm'],
          ['Weight', '21.5 kg'],
          ['Operating temperature', '-25 … +60 °C (derating above 45 °C)'],
          ['Relative humidity', '0 – 100 %, condensing'],
          ['Max. altitude', '4,000 m'],
          ['Protection rating', 'IP65'],
          ['Cooling', 'Temperature-controlled fan'],
          ['Topology', 'Transformerless'],
          ['Night consumption', '< 5 W'],
          ['Monitoring', 'RS485; Wi-Fi, LAN or 4G through LinkBox LB100'],
          ['Certificates', 'IEC 62109-1/-2, IEC 61727, IEC 62116, EN 50549-1, VDE-AR-N 4105, AS/NZS 4777.2'],
          ['Warranty', '10 years'],
        ],
      },
    ],
    firmware: [
      {
        version: 'V1.0.0',
        daysAgo: 610,
        sizeKiB: 448,
        description: 'First production release (DSP 1.0, ARM 1.0)',
        notes: {
          en: 'First production release.',
          zh: '首个量产版本。',
          es: 'Primera versión de producción.',
          ja: '最初の量産バージョン。',
        },
      },
      {
        version: 'V1.2.3',
        daysAgo: 470,
        sizeKiB: 456,
        description: 'Grid-code update, AU and ZA profiles',
        notes: {
          en: 'Grid profiles for AS/NZS 4777.2 (2020) and NRS 097-2-1; faster restart after a grid trip (60 s instead of 300 s where the grid code allows it).',
          zh: '新增 AS/NZS 4777.2（2020）和 NRS 097-2-1 电网规范；电网跳闸后更快重启（电网规范允许时由 300 秒缩短至 60 秒）。',
          es: 'Perfiles de red AS/NZS 4777.2 (2020) y NRS 097-2-1; rearranque más rápido tras un disparo de red (60 s en lugar de 300 s donde la norma lo permite).',
          ja: 'AS/NZS 4777.2（2020）と NRS 097-2-1 の系統規程を追加。系統トリップ後の再起動を短縮（規程が許す場合 300 秒から 60 秒）。',
        },
      },
      {
        version: 'V1.4.0',
        daysAgo: 330,
        sizeKiB: 472,
        description: 'Battery scheduling, insulation check fix',
        notes: {
          en: 'Charge and discharge windows per tariff period; the morning insulation check no longer reports F01 on wet modules when Riso stays above 100 kΩ.',
          zh: '支持按电价时段设置充放电时段；组件潮湿但绝缘阻抗仍高于 100 kΩ 时，早晨的绝缘检测不再误报 F01。',
          es: 'Ventanas de carga y descarga por periodo tarifario; la comprobación de aislamiento de la mañana ya no da F01 con módulos húmedos si Riso supera 100 kΩ.',
          ja: '料金時間帯ごとの充放電時間を設定可能に。絶縁抵抗が 100 kΩ 以上なら、朝の絶縁チェックで湿ったモジュールに F01 を誤報しません。',
        },
      },
      {
        version: 'V2.0.1',
        daysAgo: 150,
        sizeKiB: 512,
        description: 'New control platform (DSP 2.0), 60 Hz grid codes',
        notes: {
          en: 'New control platform: IEEE 1547-2018 and Brazilian NBR 16149 grid codes for 60 Hz grids, arc-fault detection on both MPPTs, export limitation with the GridEye meter.',
          zh: '全新控制平台：新增适用于 60 Hz 电网的 IEEE 1547-2018 与巴西 NBR 16149 电网规范，两路 MPPT 均支持电弧检测，配合 GridEye 电表实现防逆流。',
          es: 'Nueva plataforma de control: normas de red IEEE 1547-2018 y NBR 16149 (Brasil) para redes de 60 Hz, detección de arco en ambos MPPT, limitación de inyección con el contador GridEye.',
          ja: '新しい制御プラットフォーム：60 Hz 系統向けの IEEE 1547-2018 とブラジル NBR 16149 に対応、両 MPPT でアーク検出、GridEye メーターによる逆潮流制限。',
        },
      },
      {
        version: 'V2.1.0',
        daysAgo: 21,
        sizeKiB: 520,
        description: 'MPPT under partial shade, Spanish grid code',
        notes: {
          en: 'Faster MPPT tracking under partial shade (global scan every 10 minutes); grid-code profile for Spain (NTS 2.1); derating at high temperature now in steps of 1 %.',
          zh: '局部遮挡下 MPPT 跟踪更快（每 10 分钟全局扫描）；新增西班牙电网规范（NTS 2.1）；高温降额改为每级 1%。',
          es: 'Seguimiento MPPT más rápido con sombreado parcial (barrido global cada 10 minutos); perfil de red para España (NTS 2.1); la reducción por temperatura va ahora en pasos de 1 %.',
          ja: '部分影での MPPT 追従を高速化（10 分ごとにグローバルスキャン）。スペインの系統規程（NTS 2.1）を追加。高温時の出力制限を 1% 刻みに。',
        },
      },
    ],
  },
  {
    name: 'LinkBox data logger',
    type: 'collector',
    code: 'LB100',
    tagline: 'Data logger for up to 32 devices: Wi-Fi, Ethernet or 4G to PV Console',
    summary:
      'The LinkBox LB100 reads the inverters, batteries and meters of a plant over RS485 and reports them ' +
      'to PV Console over MQTT every 10 seconds. It buffers 30 days of data when the connection drops and ' +
      'uploads them when it is back, passes OTA upgrades on to the devices behind it, and reads the ' +
      "plant's irradiance and temperature sensors.",
    features: [
      'RS485 Modbus RTU: up to 32 devices on 1,200 m of cable',
      'Wi-Fi 2.4 GHz, Ethernet, optional 4G LTE Cat 1',
      'MQTT over TLS 1.2, HTTP fallback',
      '30 days of local buffer, uploaded after an outage',
      'Irradiance and module temperature inputs',
    ],
    specs: [
      {
        title: 'Device side',
        rows: [
          ['Interface', 'RS485, Modbus RTU, 9,600 – 115,200 bit/s'],
          ['Devices per logger', 'Up to 32'],
          ['Max. cable length', '1,200 m'],
          ['Sensor inputs', '2 × 4 – 20 mA, 1 × PT1000'],
        ],
      },
      {
        title: 'Network side',
        rows: [
          ['Wi-Fi', 'IEEE 802.11 b/g/n, 2.4 GHz, WPA2'],
          ['Ethernet', '10/100 Mbit/s, RJ45'],
          ['Cellular (option)', '4G LTE Cat 1, nano SIM'],
          ['Protocol', 'MQTT 3.1.1 over TLS 1.2 (port 8883); HTTPS'],
          ['Reporting interval', '10 s (configurable 10 s – 15 min)'],
          ['Local buffer', '30 days (8 MB flash)'],
        ],
      },
      {
        title: 'General data',
        rows: [
          ['Power supply', '12 V DC, 1 A adapter, or 5 V from the inverter port'],
          ['Power consumption', '< 3 W'],
          ['Dimensions (W × H × D)', '160 × 110 × 45 mm'],
          ['Weight', '0.3 kg'],
          ['Operating temperature', '-30 … +65 °C'],
          ['Protection rating', 'IP65'],
          ['Mounting', 'Wall or DIN rail'],
          ['Certificates', 'CE (RED), FCC Part 15, RoHS'],
          ['Warranty', '5 years'],
        ],
      },
    ],
    firmware: [
      {
        version: 'V1.0.0',
        daysAgo: 600,
        sizeKiB: 224,
        description: 'First production release',
        notes: {
          en: 'First production release.',
          zh: '首个量产版本。',
          es: 'Primera versión de producción.',
          ja: '最初の量産バージョン。',
        },
      },
      {
        version: 'V1.1.5',
        daysAgo: 400,
        sizeKiB: 236,
        description: 'Wi-Fi roaming, 30-day buffer',
        notes: {
          en: 'Reconnects to the strongest access point of a mesh Wi-Fi; local buffer grown from 7 to 30 days; battery readings every 10 s.',
          zh: 'Mesh Wi-Fi 下自动连接信号最强的接入点；本地缓存由 7 天增加到 30 天；电池数据每 10 秒读取一次。',
          es: 'Se reconecta al punto de acceso más fuerte de una red Wi-Fi mallada; el búfer local pasa de 7 a 30 días; lecturas de batería cada 10 s.',
          ja: 'メッシュ Wi-Fi で最も強いアクセスポイントに再接続。ローカルバッファを 7 日から 30 日に拡大。バッテリーを 10 秒ごとに読み取り。',
        },
      },
      {
        version: 'V1.2.0',
        daysAgo: 12,
        sizeKiB: 248,
        description: 'TLS 1.3, 4G modem support',
        notes: {
          en: 'TLS 1.3 to the broker; supports the 4G LTE Cat 1 module; the status LED blinks red twice when the broker refuses the device key.',
          zh: '与服务器之间支持 TLS 1.3；支持 4G LTE Cat 1 模块；服务器拒绝设备密钥时状态灯红色双闪。',
          es: 'TLS 1.3 hacia el broker; admite el módulo 4G LTE Cat 1; el LED de estado parpadea en rojo dos veces cuando el broker rechaza la clave del equipo.',
          ja: 'ブローカーとの通信で TLS 1.3 に対応。4G LTE Cat 1 モジュールに対応。ブローカーがデバイスキーを拒否すると状態 LED が赤く 2 回点滅します。',
        },
      },
    ],
  },
  {
    name: 'PowerCell battery',
    type: 'battery',
    code: 'PC10',
    tagline: '10.24 kWh lithium iron phosphate battery, 51.2 V, stackable to 41 kWh',
    summary:
      'The PowerCell PC10 stores the day’s surplus for the evening. Its LFP cells run 6,000 cycles at 90 % ' +
      'depth of discharge; its battery management system balances the cells, heats them before a cold ' +
      'charge and reports state of charge, temperature and energy through the SunWave inverter.',
    features: [
      '10.24 kWh nominal, 9.2 kWh usable (90 % DoD)',
      '6,000 cycles at 90 % DoD, 25 °C',
      'Up to four modules in parallel: 40.96 kWh',
      'Self-heating below 0 °C',
      'Cobalt-free LFP chemistry, IEC 62619 and UN 38.3',
    ],
    specs: [
      {
        title: 'Electrical data',
        rows: [
          ['Cell chemistry', 'Lithium iron phosphate (LFP)'],
          ['Nominal energy', '10.24 kWh'],
          ['Usable energy', '9.2 kWh (90 % DoD)'],
          ['Nominal voltage', '51.2 V'],
          ['Operating voltage', '44.8 – 57.6 V'],
          ['Nominal capacity', '200 Ah'],
          ['Max. charge / discharge current', '100 A continuous'],
          ['Max. charge / discharge power', '5.12 kW'],
          ['Round-trip efficiency', '≥ 95 %'],
          ['Cycle life', '≥ 6,000 cycles at 90 % DoD, 25 °C'],
          ['Parallel modules', 'Up to 4 (40.96 kWh)'],
        ],
      },
      {
        title: 'General data',
        rows: [
          ['Communication', 'CAN, RS485'],
          ['Charge temperature', '0 … +50 °C (self-heating below 0 °C)'],
          ['Discharge temperature', '-20 … +55 °C'],
          ['Dimensions (W × H × D)', '650 × 480 × 200 mm'],
          ['Weight', '98 kg'],
          ['Protection rating', 'IP65'],
          ['Certificates', 'IEC 62619, IEC 62040-1, UN 38.3'],
          ['Warranty', '10 years or 6,000 cycles'],
        ],
      },
    ],
    firmware: [
      {
        version: 'V1.0.0',
        daysAgo: 590,
        sizeKiB: 128,
        description: 'First production release (BMS)',
        notes: {
          en: 'First production release.',
          zh: '首个量产版本。',
          es: 'Primera versión de producción.',
          ja: '最初の量産バージョン。',
        },
      },
      {
        version: 'V1.0.3',
        daysAgo: 280,
        sizeKiB: 132,
        description: 'SOC calibration',
        notes: {
          en: 'State of charge recalibrated at every full charge: no more jumps from 92 % to 100 %.',
          zh: '每次充满时重新校准荷电状态：不再出现从 92% 跳到 100% 的情况。',
          es: 'El estado de carga se recalibra en cada carga completa: ya no salta del 92 % al 100 %.',
          ja: '満充電のたびに SOC を再校正。92% から 100% へ急に変わることがなくなりました。',
        },
      },
      {
        version: 'V1.1.0',
        daysAgo: 26,
        sizeKiB: 140,
        description: 'Self-heating, parallel modules',
        notes: {
          en: 'Self-heating before charging below 0 °C; up to four modules in parallel; F40 (over temperature) clears by itself once the cells are below 50 °C.',
          zh: '低于 0 °C 时先加热再充电；最多支持四个模块并联；电芯温度低于 50 °C 后 F40（过温）自动清除。',
          es: 'Autocalentamiento antes de cargar por debajo de 0 °C; hasta cuatro módulos en paralelo; F40 (sobretemperatura) se borra sola cuando las celdas bajan de 50 °C.',
          ja: '0 °C 未満では充電前に自己加熱。最大 4 モジュールの並列接続に対応。セル温度が 50 °C 未満になると F40（過温度）が自動解除。',
        },
      },
    ],
  },
  {
    name: 'GridEye smart meter',
    type: 'meter',
    code: 'GE3P',
    tagline: 'Three-phase energy meter, direct connection up to 80 A, MID class B',
    summary:
      'The GridEye GE3P measures what a plant imports from and exports to the grid, phase by phase, once a ' +
      'second. The SunWave inverter reads it over RS485 to limit its export and to charge the battery from ' +
      'the surplus only; PV Console shows its import and export counters.',
    features: [
      'Bidirectional: import and export counters per phase',
      'Class B (EN 50470-3), class 1 (IEC 62053-21); MID approved',
      'Direct connection up to 80 A',
      'RS485 Modbus RTU, one reading a second',
      'Four DIN-rail modules',
    ],
    specs: [
      {
        title: 'Measurement',
        rows: [
          ['Network', '3-phase 4-wire or single-phase'],
          ['Nominal voltage', '3 × 230/400 V (3 × 220/380 V, 3 × 240/415 V)'],
          ['Frequency', '50 / 60 Hz'],
          ['Current', '0.25 – 5 (80) A, direct'],
          ['Accuracy', 'Class B (EN 50470-3), class 1 (IEC 62053-21)'],
          ['Quantities', 'V, A, kW, kvar, PF, Hz; import and export kWh'],
        ],
      },
      {
        title: 'General data',
        rows: [
          ['Communication', 'RS485, Modbus RTU, 9,600 bit/s'],
          ['Update rate', '1 s'],
          ['Power consumption', '< 2 W per phase'],
          ['Mounting', 'DIN rail, 4 modules (72 mm)'],
          ['Operating temperature', '-25 … +55 °C'],
          ['Protection rating', 'IP51 (front), IP20 (terminals)'],
          ['Certificates', 'MID (2014/32/EU), IEC 62052-11'],
          ['Warranty', '5 years'],
        ],
      },
    ],
    firmware: [
      {
        version: 'V1.0.4',
        daysAgo: 620,
        sizeKiB: 64,
        description: 'Production firmware (factory programmed, no OTA)',
        notes: {
          en: 'Production firmware, programmed at the factory; the meter takes no remote upgrade.',
          zh: '出厂固件，工厂烧录；电表不支持远程升级。',
          es: 'Firmware de producción, grabado en fábrica; el contador no admite actualización remota.',
          ja: '工場で書き込まれる量産ファームウェア。メーターは遠隔アップグレードに対応しません。',
        },
      },
    ],
  },
];

export const catalogueOf = (type: string) => CATALOGUE.find((p) => p.type === type);
