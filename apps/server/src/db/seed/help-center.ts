import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

type Item = { kind: string; lang: string; title: string; content: string; sort: number; status?: string };

/* Demo help-center content in the console's four languages (a language without an item reads the English). */
const ITEMS: Item[] = [
  {
    kind: 'contactUs',
    lang: 'en',
    sort: 1,
    title: 'Operations desk',
    content:
      '<p><strong>PV Platform operations desk</strong></p><p>88 Century Avenue, Pudong, Shanghai</p>' +
      '<p>Phone: <a href="tel:+862158880000">+86 21 5888 0000</a> (Mon–Fri, 9:00–18:00 CST)</p>' +
      '<p>E-mail: <a href="mailto:support@pv-console.example">support@pv-console.example</a></p>',
  },
  {
    kind: 'contactUs',
    lang: 'zh',
    sort: 1,
    title: '运维服务台',
    content:
      '<p><strong>光伏平台运维服务台</strong></p><p>上海市浦东新区世纪大道 88 号</p>' +
      '<p>电话：<a href="tel:+862158880000">+86 21 5888 0000</a>（周一至周五 9:00–18:00）</p>' +
      '<p>邮箱：<a href="mailto:support@pv-console.example">support@pv-console.example</a></p>',
  },
  {
    kind: 'userGuide',
    lang: 'en',
    sort: 1,
    title: 'Getting started',
    content:
      '<p>Four steps get a new plant online.</p><ol><li><strong>Sign in</strong> with the account your organisation gave you; your menus follow your roles.</li>' +
      '<li><strong>Create the plant</strong>: name, capacity, time zone and address, so production is counted per local day.</li>' +
      '<li><strong>Connect the devices</strong>: bind inverters, collectors, batteries and meters by serial number; they report over MQTT or HTTP.</li>' +
      '<li><strong>Watch and act</strong>: follow live power and energy, handle faults, push commands and firmware upgrades.</li></ol>',
  },
  {
    kind: 'userGuide',
    lang: 'en',
    sort: 2,
    title: 'Connecting a collector',
    content:
      '<p>Power the collector, join it to the site Wi-Fi with the installer app, then bind its serial number to the plant under <em>Devices → Device management</em>. The inverters behind it appear as sub devices once it reports.</p>',
  },
  {
    kind: 'userGuide',
    lang: 'zh',
    sort: 1,
    title: '快速入门',
    content:
      '<p>四步让新电站上线。</p><ol><li><strong>登录</strong>：使用组织分配给您的账号，菜单随角色权限而定。</li>' +
      '<li><strong>创建电站</strong>：填写名称、装机容量、时区和地址，发电量按电站当地日期统计。</li>' +
      '<li><strong>接入设备</strong>：按序列号绑定逆变器、采集器、电池和电表，设备通过 MQTT 或 HTTP 上报。</li>' +
      '<li><strong>监控与处理</strong>：查看实时功率和发电量，处理故障，下发指令和固件升级。</li></ol>',
  },
  {
    kind: 'userGuide',
    lang: 'zh',
    sort: 2,
    title: '接入采集器',
    content:
      '<p>给采集器上电，用安装商 App 将其接入现场 Wi-Fi，然后在<em>设备 → 设备管理</em>中把序列号绑定到电站。采集器上报后，其下的逆变器会显示为子设备。</p>',
  },
  {
    kind: 'contactUs',
    lang: 'es',
    sort: 1,
    title: 'Centro de operaciones',
    content:
      '<p><strong>Centro de operaciones de PV Platform</strong></p><p>88 Century Avenue, Pudong, Shanghái</p>' +
      '<p>Teléfono: <a href="tel:+862158880000">+86 21 5888 0000</a> (lunes a viernes, 9:00–18:00 CST)</p>' +
      '<p>Correo: <a href="mailto:support@pv-console.example">support@pv-console.example</a></p>',
  },
  {
    kind: 'contactUs',
    lang: 'ja',
    sort: 1,
    title: '運用サポート窓口',
    content:
      '<p><strong>PV Platform 運用サポート窓口</strong></p><p>上海市浦東新区世紀大道 88 号</p>' +
      '<p>電話：<a href="tel:+862158880000">+86 21 5888 0000</a>（平日 9:00–18:00 中国標準時）</p>' +
      '<p>メール：<a href="mailto:support@pv-console.example">support@pv-console.example</a></p>',
  },
  {
    kind: 'userGuide',
    lang: 'es',
    sort: 1,
    title: 'Primeros pasos',
    content:
      '<p>Cuatro pasos ponen en marcha una planta nueva.</p><ol><li><strong>Inicie sesión</strong> con la cuenta que le ha dado su organización; los menús siguen a sus roles.</li>' +
      '<li><strong>Cree la planta</strong>: nombre, potencia, zona horaria y dirección, para que la producción se cuente por día local.</li>' +
      '<li><strong>Conecte los equipos</strong>: vincule inversores, registradores, baterías y contadores por número de serie; informan por MQTT o HTTP.</li>' +
      '<li><strong>Supervise y actúe</strong>: siga la potencia y la energía en directo, atienda las averías, envíe órdenes y actualizaciones de firmware.</li></ol>',
  },
  {
    kind: 'userGuide',
    lang: 'es',
    sort: 2,
    title: 'Conectar un registrador',
    content:
      '<p>Alimente el registrador, conéctelo a la wifi de la instalación con la app del instalador y vincule su número de serie a la planta en <em>Dispositivos → Gestión de dispositivos</em>. Los inversores que dependen de él aparecen como subdispositivos en cuanto informa.</p>',
  },
  {
    kind: 'userGuide',
    lang: 'ja',
    sort: 1,
    title: 'はじめに',
    content:
      '<p>新しい発電所は 4 つの手順で稼働を開始できます。</p><ol><li><strong>サインイン</strong>：所属組織から発行されたアカウントを使います。表示されるメニューはロールに従います。</li>' +
      '<li><strong>発電所を登録</strong>：名称、設備容量、タイムゾーン、住所を入力すると、発電量が現地の日付ごとに集計されます。</li>' +
      '<li><strong>機器を接続</strong>：パワーコンディショナ、データロガー、蓄電池、電力量計をシリアル番号で紐付けます。データは MQTT または HTTP で送信されます。</li>' +
      '<li><strong>監視と対応</strong>：発電電力と発電量をリアルタイムで確認し、故障に対応し、コマンドやファームウェア更新を送信します。</li></ol>',
  },
  {
    kind: 'userGuide',
    lang: 'ja',
    sort: 2,
    title: 'データロガーの接続',
    content:
      '<p>データロガーの電源を入れ、施工会社向けアプリで現場の Wi-Fi に接続してから、<em>機器 → 機器管理</em>でシリアル番号を発電所に紐付けます。データロガーが送信を始めると、その配下のパワーコンディショナが子機として表示されます。</p>',
  },
  {
    kind: 'userGuide',
    lang: 'en',
    sort: 3,
    status: 'draft',
    title: 'Battery scheduling (draft)',
    content: '<p>Charge and discharge windows per tariff period — being written.</p>',
  },
  {
    kind: 'policy',
    lang: 'en',
    sort: 1,
    title: 'Privacy policy',
    content:
      '<h3>What we collect</h3><p>Account data (name, e-mail, phone), plant data (location, capacity) and device telemetry needed to monitor production.</p>' +
      '<h3>How we use it</h3><p>To show your plants and devices, to alert you to faults and to keep the service running. We never sell your data.</p>' +
      '<h3>How long we keep it</h3><p>Raw telemetry is kept for the retention period set by your organisation; daily, monthly and yearly figures for the life of the plant.</p>' +
      '<h3>Your rights</h3><p>You may ask for a copy of your data, its correction or its deletion through your service provider or the platform operator.</p>',
  },
  {
    kind: 'policy',
    lang: 'zh',
    sort: 1,
    title: '隐私政策',
    content:
      '<h3>我们收集什么</h3><p>账号信息（姓名、邮箱、电话）、电站信息（位置、容量）以及监控发电所需的设备遥测数据。</p>' +
      '<h3>我们如何使用</h3><p>用于展示您的电站和设备、提醒故障并保障服务运行。我们绝不出售您的数据。</p>' +
      '<h3>保存多久</h3><p>原始遥测数据按组织设置的保留期保存；日、月、年统计数据在电站存续期间保存。</p>' +
      '<h3>您的权利</h3><p>您可以通过服务商或平台运营方申请获取、更正或删除您的数据。</p>',
  },
  {
    kind: 'policy',
    lang: 'es',
    sort: 1,
    title: 'Política de privacidad',
    content:
      '<h3>Qué datos recogemos</h3><p>Datos de la cuenta (nombre, correo, teléfono), de la planta (ubicación, potencia) y la telemetría de los equipos necesaria para supervisar la producción.</p>' +
      '<h3>Para qué los usamos</h3><p>Para mostrarle sus plantas y equipos, avisarle de las averías y mantener el servicio en marcha. Nunca vendemos sus datos.</p>' +
      '<h3>Cuánto tiempo los guardamos</h3><p>La telemetría en bruto se guarda durante el plazo de conservación que fija su organización; las cifras diarias, mensuales y anuales, durante toda la vida de la planta.</p>' +
      '<h3>Sus derechos</h3><p>Puede pedir una copia de sus datos, su rectificación o su supresión a través de su proveedor de servicios o del operador de la plataforma.</p>',
  },
  {
    kind: 'policy',
    lang: 'ja',
    sort: 1,
    title: 'プライバシーポリシー',
    content:
      '<h3>収集する情報</h3><p>アカウント情報（氏名、メールアドレス、電話番号）、発電所の情報（所在地、設備容量）、および発電状況の監視に必要な機器の計測データ。</p>' +
      '<h3>利用目的</h3><p>発電所と機器の表示、故障の通知、サービスの運用のために利用します。お客様のデータを販売することはありません。</p>' +
      '<h3>保存期間</h3><p>生の計測データは組織が設定した保存期間のあいだ保存し、日別・月別・年別の集計値は発電所の稼働期間中保存します。</p>' +
      '<h3>お客様の権利</h3><p>サービスプロバイダーまたはプラットフォーム運営者を通じて、データの写しの提供、訂正、削除を請求できます。</p>',
  },
  {
    kind: 'faqs',
    lang: 'en',
    sort: 1,
    title: 'Why does my plant show as offline?',
    content:
      '<p>A plant is offline when none of its devices reported in the last minutes. Check the collector’s power and Wi-Fi; it reconnects on its own and the history it buffered is filled in.</p>',
  },
  {
    kind: 'faqs',
    lang: 'en',
    sort: 2,
    title: 'Why is today’s energy lower than the inverter’s display?',
    content:
      '<p>The console counts energy per plant-local day from what devices reported. A gap in reporting is filled when the device sends its buffered data.</p>',
  },
  {
    kind: 'faqs',
    lang: 'zh',
    sort: 1,
    title: '为什么电站显示离线？',
    content:
      '<p>电站的所有设备在最近几分钟内都没有上报时显示为离线。请检查采集器的电源和 Wi-Fi；恢复连接后会自动补传缓存的历史数据。</p>',
  },
  {
    kind: 'faqs',
    lang: 'zh',
    sort: 2,
    title: '为什么今日发电量比逆变器屏幕上的低？',
    content: '<p>控制台按电站当地日期统计设备上报的发电量。上报中断时，设备补传缓存数据后会补齐。</p>',
  },
  {
    kind: 'faqs',
    lang: 'es',
    sort: 1,
    title: '¿Por qué mi planta aparece sin conexión?',
    content:
      '<p>Una planta está sin conexión cuando ninguno de sus equipos ha informado en los últimos minutos. Revise la alimentación y la wifi del registrador; vuelve a conectarse solo y se completa el historial que guardó.</p>',
  },
  {
    kind: 'faqs',
    lang: 'es',
    sort: 2,
    title: '¿Por qué la energía de hoy es menor que la de la pantalla del inversor?',
    content:
      '<p>La consola cuenta la energía por día local de la planta a partir de lo que informan los equipos. Un corte en los envíos se completa cuando el equipo manda los datos que guardó.</p>',
  },
  {
    kind: 'faqs',
    lang: 'ja',
    sort: 1,
    title: '発電所がオフラインと表示されるのはなぜですか？',
    content:
      '<p>発電所のどの機器もこの数分間データを送信していないと、オフラインと表示されます。データロガーの電源と Wi-Fi を確認してください。接続が戻ると自動で再接続し、保存していた履歴が補完されます。</p>',
  },
  {
    kind: 'faqs',
    lang: 'ja',
    sort: 2,
    title: '今日の発電量がパワーコンディショナの表示より少ないのはなぜですか？',
    content:
      '<p>コンソールは機器から送られたデータをもとに、発電所の現地の日付ごとに発電量を集計します。送信が途切れた分は、機器が保存していたデータを送ると補完されます。</p>',
  },
];

/** The demo's help-center content and a contact message waiting for an answer (DEMO on). Runs once. */
export async function seedDemoHelpCenter(db: Kysely<Database>, now = Date.now()): Promise<void> {
  const any = await db.selectFrom('content_items').select('id').limit(1).executeTakeFirst();
  if (any) return;
  await db
    .insertInto('content_items')
    .values(
      ITEMS.map((i) => ({
        kind: i.kind,
        lang: i.lang,
        title: i.title,
        content: i.content,
        media_type: 'picture',
        sort_order: i.sort,
        status: i.status ?? 'published',
        updated_by: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  await db
    .insertInto('contact_messages')
    .values({
      name: 'María López',
      email: 'maria.lopez@example.com',
      phone: '+34 600 123 456',
      message: 'Mi inversor muestra un fallo de aislamiento desde ayer. ¿Qué debo revisar?',
      lang: 'es',
      status: 'new',
      answer: null,
      answered_by: null,
      answered_at: null,
      created_at: now - 3_600_000,
    })
    .execute();
}

// the product-support part of the help center's demo (documents, release notes, problems)
export { seedDemoProductSupport } from './product-support.js';
