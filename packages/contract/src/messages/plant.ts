/**
 * Server and form messages of the plant screens (en is the source; zh must hold the same keys).
 * Merged into messagesEn / messagesZh by ../messages.ts.
 */
const en = {
  'validation.timeZone': 'Please choose a valid IANA time zone such as Europe/Berlin',
  'validation.capacity': 'Capacity must be a number above 0 and at most 1,000,000 kWp',
  'validation.country': 'Please choose a country (two-letter code)',
  'validation.installCapacity': 'Install capacity must be a whole number of Wp between 1 and 1,000,000,000',
  'validation.latitude': 'Latitude must be between -90 and 90',
  'validation.longitude': 'Longitude must be between -180 and 180',
  'validation.grantPerms': 'Choose at least one permission',
  'error.plantNameTaken': 'A plant with this name already exists in the organisation',
  'error.unknownEmails': 'No user has the e-mail: {{emails}}',
  'error.ownerNotFound': 'The owner is not a customer in your scope',
  'error.orgNotFound': 'The organisation is not in your scope',
} as const;

export const plantMessagesEn = en;
export const plantMessagesZh: Record<keyof typeof en, string> = {
  'validation.timeZone': '请选择有效的 IANA 时区，例如 Asia/Shanghai',
  'validation.capacity': '容量须为大于 0 且不超过 1,000,000 kWp 的数字',
  'validation.country': '请选择国家（两位字母代码）',
  'validation.installCapacity': '安装容量须为 1 到 1,000,000,000 之间的整数（Wp）',
  'validation.latitude': '纬度须在 -90 到 90 之间',
  'validation.longitude': '经度须在 -180 到 180 之间',
  'validation.grantPerms': '请至少选择一项权限',
  'error.plantNameTaken': '该组织下已存在同名电站',
  'error.unknownEmails': '以下邮箱没有对应的用户：{{emails}}',
  'error.ownerNotFound': '业主不是您权限范围内的客户',
  'error.orgNotFound': '该组织不在您的权限范围内',
};
export const plantFieldNamesEn: Record<string, string> = {
  capacityKw: 'Capacity',
  country: 'Country',
  timeZone: 'Time zone',
  address: 'Address',
  installedAt: 'Installation time',
  ownerId: 'Owner',
  installerOrgId: 'Installer',
  installPosition: 'Install position',
  installCapacityWp: 'Install capacity',
  latitude: 'Latitude',
  longitude: 'Longitude',
  emails: 'Authorised object',
  perms: 'Permissions',
  sortField: 'Sort field',
  range: 'Range',
};
export const plantFieldNamesZh: Record<string, string> = {
  capacityKw: '容量',
  country: '国家',
  timeZone: '时区',
  address: '地址',
  installedAt: '安装时间',
  ownerId: '业主',
  installerOrgId: '安装商',
  installPosition: '安装位置',
  installCapacityWp: '安装容量',
  latitude: '纬度',
  longitude: '经度',
  emails: '授权对象',
  perms: '权限',
  sortField: '排序字段',
  range: '范围',
};
