/**
 * Server messages of power companies, electricity prices and revenue (issue 20): en is the
 * source; zh, es and ja hold the same keys. Merged by ../messages.ts.
 */
const en = {
  'validation.price': 'A price per kWh is a number with up to 6 decimals, such as 0.2845',
  'validation.day': 'Please enter a day such as 2026-05-31',
  'validation.validRange': 'The end date must not be before the start date',
  'validation.companyName': 'The company name must be 1-64 characters',
  'validation.currency': 'Please choose a currency (ISO 4217 code such as EUR)',
  'validation.priceAreas': 'Enter at least one price area, each only once',
  'price.rangeOverlap':
    'Time period setting must be correct: {{area}} already has a {{kind}} price valid from {{from}} to {{to}}',
  'price.areaUnknown': 'The price area {{area}} is not one of this power company’s areas',
  'price.areaInUse': 'The price area {{area}} still has prices or plants: remove them first',
  'company.inUse': 'Plants still use a tariff of this power company ({{count}}): choose another company for them first',
  'plant.tariffIncomplete': 'Choose the power company, its price area and the currency together',
  'plant.tariffCurrency': 'The currency must be the power company’s ({{currency}})',
  'priceKind.feedIn': 'Feed-in',
  'priceKind.purchase': 'Purchase',
  'plantExport.revenueToday': 'Revenue today',
  'plantExport.revenueTotal': 'Total revenue',
  'plantExport.currency': 'Currency',
};

export const tariffMessagesEn: typeof en = en;

export const tariffMessagesZh: Record<keyof typeof en, string> = {
  'validation.price': '每千瓦时电价须为最多 6 位小数的数字，如 0.2845',
  'validation.day': '请输入形如 2026-05-31 的日期',
  'validation.validRange': '结束日期不能早于开始日期',
  'validation.companyName': '电力公司名称须为 1-64 个字符',
  'validation.currency': '请选择币种（ISO 4217 代码，如 CNY）',
  'validation.priceAreas': '请至少填写一个电价区域，且不能重复',
  'price.rangeOverlap': '请正确设置时间段：{{area}} 已有 {{from}} 至 {{to}} 有效的{{kind}}电价',
  'price.areaUnknown': '电价区域 {{area}} 不属于该电力公司',
  'price.areaInUse': '电价区域 {{area}} 仍有电价或电站，请先移除',
  'company.inUse': '仍有电站使用该电力公司的电价（{{count}} 个），请先为这些电站更换电力公司',
  'plant.tariffIncomplete': '电力公司、电价区域和币种须一起选择',
  'plant.tariffCurrency': '币种须与电力公司一致（{{currency}}）',
  'priceKind.feedIn': '上网',
  'priceKind.purchase': '购电',
  'plantExport.revenueToday': '今日收益',
  'plantExport.revenueTotal': '累计收益',
  'plantExport.currency': '币种',
};

export const tariffMessagesEs: Record<keyof typeof en | 'validation.timePeriod', string> = {
  'validation.timePeriod': 'La configuración de los periodos horarios debe ser correcta',
  'validation.price': 'El precio por kWh es un número con hasta 6 decimales, como 0.2845',
  'validation.day': 'Introduzca un día como 2026-05-31',
  'validation.validRange': 'La fecha de fin no puede ser anterior a la de inicio',
  'validation.companyName': 'El nombre de la compañía eléctrica debe tener de 1 a 64 caracteres',
  'validation.currency': 'Elija una moneda (código ISO 4217, como EUR)',
  'validation.priceAreas': 'Introduzca al menos una zona de precio, cada una una sola vez',
  'price.rangeOverlap':
    'La configuración de los periodos horarios debe ser correcta: {{area}} ya tiene un precio de {{kind}} válido del {{from}} al {{to}}',
  'price.areaUnknown': 'La zona de precio {{area}} no es de esta compañía eléctrica',
  'price.areaInUse': 'La zona de precio {{area}} todavía tiene precios o plantas: elimínelos primero',
  'company.inUse':
    'Hay plantas fotovoltaicas que usan una tarifa de esta compañía ({{count}}): asígneles otra compañía primero',
  'plant.tariffIncomplete': 'Elija juntos la compañía eléctrica, su zona de precio y la moneda',
  'plant.tariffCurrency': 'La moneda debe ser la de la compañía eléctrica ({{currency}})',
  'priceKind.feedIn': 'Inyección a red',
  'priceKind.purchase': 'Compra',
  'plantExport.revenueToday': 'Ingresos de hoy',
  'plantExport.revenueTotal': 'Ingresos totales',
  'plantExport.currency': 'Moneda',
};

export const tariffMessagesJa: Record<keyof typeof en | 'validation.timePeriod', string> = {
  'validation.timePeriod': '時間帯の設定を正しくしてください',
  'validation.price': 'kWh あたりの単価は小数点以下 6 桁までの数値です（例: 0.2845）',
  'validation.day': '2026-05-31 のような日付を入力してください',
  'validation.validRange': '終了日は開始日より前にできません',
  'validation.companyName': '電力会社名は 1〜64 文字です',
  'validation.currency': '通貨を選んでください（JPY などの ISO 4217 コード）',
  'validation.priceAreas': '料金エリアを 1 つ以上、重複なく入力してください',
  'price.rangeOverlap':
    '時間帯の設定を正しくしてください: {{area}} には {{from}} から {{to}} まで有効な{{kind}}単価がすでにあります',
  'price.areaUnknown': '料金エリア {{area}} はこの電力会社のエリアではありません',
  'price.areaInUse': '料金エリア {{area}} にはまだ単価または発電所があります。先に削除してください',
  'company.inUse': 'この電力会社の料金を使う発電所がまだあります（{{count}} 件）。先に別の電力会社を選んでください',
  'plant.tariffIncomplete': '電力会社・料金エリア・通貨はまとめて選んでください',
  'plant.tariffCurrency': '通貨は電力会社の通貨（{{currency}}）にしてください',
  'priceKind.feedIn': '売電',
  'priceKind.purchase': '買電',
  'plantExport.revenueToday': '本日の収益',
  'plantExport.revenueTotal': '累計収益',
  'plantExport.currency': '通貨',
};
