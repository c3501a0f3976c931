/**
 * Server messages of the product catalogue (issue 36): en is the source; zh, es and ja hold the
 * same keys. Merged by ../messages.ts.
 */
const en = {
  'validation.industryIcon': 'Choose one of the industry icons',
  'validation.industrySort': 'The sort order must be a whole number from 0 to 9999',
  'industry.codeTaken': 'An industry with the code {{code}} already exists',
  'industry.nameTaken': 'An industry named {{name}} already exists',
};

export const catalogueMessagesEn: typeof en = en;

export const catalogueMessagesZh: Record<keyof typeof en, string> = {
  'validation.industryIcon': '请选择一个行业图标',
  'validation.industrySort': '排序须为0到9999之间的整数',
  'industry.codeTaken': '编码为{{code}}的行业已存在',
  'industry.nameTaken': '名称为{{name}}的行业已存在',
};

export const catalogueMessagesEs: Record<keyof typeof en, string> = {
  'validation.industryIcon': 'Elija uno de los iconos de sector',
  'validation.industrySort': 'El orden debe ser un número entero entre 0 y 9999',
  'industry.codeTaken': 'Ya existe un sector con el código {{code}}',
  'industry.nameTaken': 'Ya existe un sector llamado {{name}}',
};

export const catalogueMessagesJa: Record<keyof typeof en, string> = {
  'validation.industryIcon': '業種アイコンを選択してください',
  'validation.industrySort': '表示順は0〜9999の整数で入力してください',
  'industry.codeTaken': 'コード{{code}}の業種はすでに存在します',
  'industry.nameTaken': '名称{{name}}の業種はすでに存在します',
};

export const catalogueFieldNamesEn: Record<string, string> = { icon: 'Icon', sort: 'Sort order', enabled: 'Enabled' };
export const catalogueFieldNamesZh: Record<string, string> = { icon: '图标', sort: '排序', enabled: '启用' };
export const catalogueFieldNamesEs: Record<string, string> = { icon: 'Icono', sort: 'Orden', enabled: 'Activo' };
export const catalogueFieldNamesJa: Record<string, string> = { icon: 'アイコン', sort: '表示順', enabled: '有効' };
