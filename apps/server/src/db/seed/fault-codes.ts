import type { FaultCodeTexts, FaultSeverity } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

/**
 * The fault catalogue every installation starts with: entries for any product (product_id null),
 * the simulator's codes (F01 F07 F12 F23 F31) and a few more that real inverters, batteries and
 * meters raise. Written at every start: a code's severity and texts follow this list; entries an
 * administrator added for a product are left alone.
 */
export const FAULT_CATALOGUE: { code: string; severity: FaultSeverity; texts: FaultCodeTexts }[] = [
  {
    code: 'F01',
    severity: 'major',
    texts: {
      en: {
        title: 'Low insulation resistance (PV array)',
        action:
          'Check the PV strings, connectors and DC cables for damaged insulation or water ingress. Measure each string’s insulation resistance to earth before switching the inverter back on.',
      },
      zh: {
        title: '绝缘阻抗低（光伏阵列）',
        action: '检查光伏组串、连接器和直流线缆是否有绝缘破损或进水。逐路测量组串对地绝缘阻抗，合格后再重新开机。',
      },
      es: {
        title: 'Resistencia de aislamiento baja (campo FV)',
        action:
          'Revise los strings, conectores y cables de CC en busca de aislamiento dañado o entrada de agua. Mida la resistencia de aislamiento a tierra de cada string antes de volver a arrancar el inversor.',
      },
      ja: {
        title: '絶縁抵抗低下（PVアレイ）',
        action:
          'ストリング、コネクタ、DCケーブルに被覆損傷や浸水がないか点検してください。各ストリングの対地絶縁抵抗を測定し、問題がないことを確認してからパワコンを再起動してください。',
      },
    },
  },
  {
    code: 'F02',
    severity: 'critical',
    texts: {
      en: {
        title: 'Residual current too high (ground fault)',
        action:
          'Keep the inverter off and do not touch the DC side. Look for a ground fault on the strings (damaged module, pinched cable) and measure the insulation before restarting.',
      },
      zh: {
        title: '漏电流过大（接地故障）',
        action: '保持逆变器停机，勿触碰直流侧。排查组串接地故障（组件破损、线缆被压伤），测量绝缘合格后再开机。',
      },
      es: {
        title: 'Corriente residual excesiva (falta a tierra)',
        action:
          'Mantenga el inversor apagado y no toque el lado de CC. Busque la falta a tierra en los strings (módulo dañado, cable pinzado) y mida el aislamiento antes de volver a arrancar.',
      },
      ja: {
        title: '漏れ電流過大（地絡）',
        action:
          'パワコンを停止したままにし、DC側には触れないでください。ストリングの地絡箇所（モジュール破損、ケーブルの挟み込み）を探し、絶縁を測定してから再起動してください。',
      },
    },
  },
  {
    code: 'F07',
    severity: 'major',
    texts: {
      en: {
        title: 'Grid overvoltage',
        action:
          'Measure the voltage at the grid connection point. If it stays above the limit, check the AC cable size and length, and ask the grid operator; change the voltage protection only within the grid code.',
      },
      zh: {
        title: '电网过压',
        action:
          '测量并网点电压。如持续超限，检查交流线缆线径和长度，并联系电网公司；电压保护参数只能在并网规范允许范围内调整。',
      },
      es: {
        title: 'Sobretensión de red',
        action:
          'Mida la tensión en el punto de conexión. Si sigue por encima del límite, revise la sección y la longitud del cable de CA y consulte con la distribuidora; ajuste la protección de tensión solo dentro del código de red.',
      },
      ja: {
        title: '系統過電圧',
        action:
          '連系点の電圧を測定してください。上限を超え続ける場合はACケーブルの太さと長さを確認し、電力会社に相談してください。電圧保護の設定変更は系統連系規程の範囲内に限ります。',
      },
    },
  },
  {
    code: 'F08',
    severity: 'major',
    texts: {
      en: {
        title: 'Grid undervoltage',
        action:
          'Check the AC breaker and the grid voltage at the connection point. A grid outage clears by itself once the grid is back; if it persists, ask the grid operator.',
      },
      zh: {
        title: '电网欠压',
        action: '检查交流断路器和并网点电压。电网停电恢复后会自动消除；如持续存在，请联系电网公司。',
      },
      es: {
        title: 'Subtensión de red',
        action:
          'Revise el interruptor de CA y la tensión en el punto de conexión. Si es un corte de red, se resuelve solo al volver la red; si persiste, consulte con la distribuidora.',
      },
      ja: {
        title: '系統不足電圧',
        action:
          'AC遮断器と連系点の電圧を確認してください。停電による場合は復電後に自動で解除されます。続く場合は電力会社に相談してください。',
      },
    },
  },
  {
    code: 'F09',
    severity: 'major',
    texts: {
      en: {
        title: 'Grid frequency out of range',
        action:
          'Check the grid frequency at the connection point and that the inverter’s grid code (country setting) is the right one. It clears when the grid is back within range.',
      },
      zh: {
        title: '电网频率超限',
        action: '检查并网点电网频率，并确认逆变器的并网标准（国家/地区设置）正确。电网频率恢复正常后自动消除。',
      },
      es: {
        title: 'Frecuencia de red fuera de rango',
        action:
          'Compruebe la frecuencia de red en el punto de conexión y que el código de red (país) del inversor sea el correcto. Se resuelve cuando la red vuelve al rango.',
      },
      ja: {
        title: '系統周波数異常',
        action:
          '連系点の系統周波数と、パワコンの系統連系規程（国・地域設定）が正しいことを確認してください。周波数が範囲内に戻ると解除されます。',
      },
    },
  },
  {
    code: 'F12',
    severity: 'critical',
    texts: {
      en: {
        title: 'DC arc fault detected',
        action:
          'Open the DC isolator and keep the inverter off. Inspect the connectors, junction boxes and DC cables for burn marks; replace what is damaged before resetting the arc fault.',
      },
      zh: {
        title: '检测到直流电弧故障',
        action:
          '断开直流隔离开关并保持逆变器停机。检查连接器、汇流箱和直流线缆是否有烧蚀痕迹，更换损坏部件后再复位电弧故障。',
      },
      es: {
        title: 'Arco eléctrico en CC detectado',
        action:
          'Abra el seccionador de CC y mantenga el inversor apagado. Revise conectores, cajas de conexión y cables de CC en busca de quemaduras; sustituya lo dañado antes de rearmar la protección de arco.',
      },
      ja: {
        title: '直流アーク故障検出',
        action:
          'DC開閉器を開放し、パワコンを停止したままにしてください。コネクタ、接続箱、DCケーブルに焼損痕がないか点検し、損傷部品を交換してからアーク故障をリセットしてください。',
      },
    },
  },
  {
    code: 'F15',
    severity: 'minor',
    texts: {
      en: {
        title: 'Cooling fan failure',
        action:
          'Check the fan for blockage or dirt and its connector; replace the fan. Output may be derated until then.',
      },
      zh: {
        title: '散热风扇故障',
        action: '检查风扇是否被异物卡住或积灰，以及风扇接线；必要时更换风扇。更换前逆变器可能降额运行。',
      },
      es: {
        title: 'Fallo del ventilador',
        action:
          'Compruebe si el ventilador está bloqueado o sucio y revise su conector; sustitúyalo si hace falta. Hasta entonces la potencia puede quedar limitada.',
      },
      ja: {
        title: '冷却ファン故障',
        action:
          'ファンの異物詰まりや汚れ、コネクタを点検し、必要に応じてファンを交換してください。交換までは出力が抑制されることがあります。',
      },
    },
  },
  {
    code: 'F23',
    severity: 'minor',
    texts: {
      en: {
        title: 'Inverter over-temperature (derating)',
        action:
          'Check the ventilation around the inverter, the heat sink and the fans; clean the air filters and keep it out of direct sun. It derates until it has cooled down.',
      },
      zh: {
        title: '逆变器过温（降额运行）',
        action: '检查逆变器周围通风、散热器和风扇，清理滤网，避免阳光直射。温度降下来之前会降额运行。',
      },
      es: {
        title: 'Sobretemperatura del inversor (limitación)',
        action:
          'Revise la ventilación alrededor del inversor, el disipador y los ventiladores; limpie los filtros y evite el sol directo. Limita la potencia hasta enfriarse.',
      },
      ja: {
        title: 'パワコン過温度（出力抑制）',
        action:
          'パワコン周囲の通風、ヒートシンク、ファンを確認し、フィルターを清掃して直射日光を避けてください。温度が下がるまで出力を抑制します。',
      },
    },
  },
  {
    code: 'F31',
    severity: 'warning',
    texts: {
      en: {
        title: 'Communication with the battery (BMS) lost',
        action:
          'Check the CAN / RS485 cable between the inverter and the battery, its termination and that the battery is switched on. The battery stays idle until the link is back.',
      },
      zh: {
        title: '与电池（BMS）通讯中断',
        action: '检查逆变器与电池之间的 CAN / RS485 通讯线及终端电阻，确认电池已开机。通讯恢复前电池不充不放。',
      },
      es: {
        title: 'Comunicación con la batería (BMS) perdida',
        action:
          'Revise el cable CAN / RS485 entre el inversor y la batería, su terminación y que la batería esté encendida. La batería queda en reposo hasta recuperar el enlace.',
      },
      ja: {
        title: '蓄電池（BMS）との通信断',
        action:
          'パワコンと蓄電池間のCAN / RS485ケーブルと終端抵抗、蓄電池の電源が入っていることを確認してください。通信が戻るまで蓄電池は充放電しません。',
      },
    },
  },
  {
    code: 'F40',
    severity: 'critical',
    texts: {
      en: {
        title: 'Battery over-temperature',
        action:
          'The battery has stopped charging and discharging. Check the room temperature and ventilation; if a module is hot to the touch, swollen or smells, keep away and call the installer.',
      },
      zh: {
        title: '电池过温',
        action: '电池已停止充放电。检查机房温度和通风；如电池模块发烫、鼓包或有异味，请远离并联系安装商。',
      },
      es: {
        title: 'Sobretemperatura de la batería',
        action:
          'La batería ha dejado de cargar y descargar. Revise la temperatura y la ventilación del local; si un módulo está muy caliente, hinchado o huele, aléjese y llame al instalador.',
      },
      ja: {
        title: '蓄電池過温度',
        action:
          '蓄電池は充放電を停止しています。設置場所の温度と換気を確認してください。モジュールが異常に熱い、膨らんでいる、異臭がする場合は近づかず施工店に連絡してください。',
      },
    },
  },
  {
    code: 'F50',
    severity: 'warning',
    texts: {
      en: {
        title: 'Energy meter not responding',
        action:
          'Check the meter’s power supply and the RS485 cable to the inverter or data logger (polarity A/B, address). Export limitation does not work while the meter is silent.',
      },
      zh: {
        title: '电表无响应',
        action:
          '检查电表供电及与逆变器或数据采集器之间的 RS485 线缆（A/B 极性、通讯地址）。电表离线期间防逆流功能失效。',
      },
      es: {
        title: 'El contador no responde',
        action:
          'Revise la alimentación del contador y el cable RS485 hasta el inversor o el datalogger (polaridad A/B, dirección). La limitación de inyección no funciona mientras el contador no responda.',
      },
      ja: {
        title: '電力量計が応答しない',
        action:
          '電力量計の電源と、パワコンまたはデータロガーとのRS485ケーブル（A/B極性、アドレス）を確認してください。応答がない間は逆潮流防止が働きません。',
      },
    },
  },
];

/** Writes the catalogue's entries for any product: added when missing, their severity and texts kept current. */
export async function seedFaultCodes(db: Kysely<Database>): Promise<void> {
  const existing = new Map(
    (
      await db
        .selectFrom('fault_codes')
        .select(['id', 'code', 'severity', 'texts'])
        .where('product_id', 'is', null)
        .execute()
    ).map((r) => [r.code, r]),
  );
  for (const entry of FAULT_CATALOGUE) {
    const texts = JSON.stringify(entry.texts);
    const found = existing.get(entry.code);
    if (!found)
      await db
        .insertInto('fault_codes')
        .values({ product_id: null, code: entry.code, severity: entry.severity, texts })
        .execute();
    else if (found.severity !== entry.severity || found.texts !== texts)
      await db.updateTable('fault_codes').set({ severity: entry.severity, texts }).where('id', '=', found.id).execute();
  }
}
