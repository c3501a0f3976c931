/**
 * Messages shared by the server (`msg` of the envelope, translated by Accept-Language) and the
 * console (form rules, toasts). English is the spec's wording; zh, es and ja hold every key.
 */
import {
  plantFieldNamesEn,
  plantFieldNamesEs,
  plantFieldNamesJa,
  plantFieldNamesZh,
  plantMessagesEn,
  plantMessagesEs,
  plantMessagesJa,
  plantMessagesZh,
} from './messages/plant.js';
import {
  dashboardFieldNamesEn,
  dashboardFieldNamesEs,
  dashboardFieldNamesJa,
  dashboardFieldNamesZh,
  dashboardMessagesEn,
  dashboardMessagesEs,
  dashboardMessagesJa,
  dashboardMessagesZh,
} from './messages/dashboard.js';
import {
  deviceFieldNamesEn,
  deviceFieldNamesEs,
  deviceFieldNamesJa,
  deviceFieldNamesZh,
  deviceMessagesEn,
  deviceMessagesEs,
  deviceMessagesJa,
  deviceMessagesZh,
} from './messages/device.js';
import {
  adminFieldNamesEn,
  adminFieldNamesEs,
  adminFieldNamesJa,
  adminFieldNamesZh,
  adminMessagesEn,
  adminMessagesEs,
  adminMessagesJa,
  adminMessagesZh,
} from './messages/admin.js';
import {
  orgFieldNamesEn,
  orgFieldNamesEs,
  orgFieldNamesJa,
  orgFieldNamesZh,
  orgMessagesEn,
  orgMessagesEs,
  orgMessagesJa,
  orgMessagesZh,
} from './messages/org.js';
import {
  ingestFieldNamesEn,
  ingestFieldNamesEs,
  ingestFieldNamesJa,
  ingestFieldNamesZh,
  ingestMessagesEn,
  ingestMessagesEs,
  ingestMessagesJa,
  ingestMessagesZh,
} from './messages/ingest.js';
import {
  mailFieldNamesEn,
  mailFieldNamesEs,
  mailFieldNamesJa,
  mailFieldNamesZh,
  mailMessagesEn,
  mailMessagesEs,
  mailMessagesJa,
  mailMessagesZh,
} from './messages/mail.js';
import {
  faultFieldNamesEn,
  faultFieldNamesEs,
  faultFieldNamesJa,
  faultFieldNamesZh,
  faultMessagesEn,
  faultMessagesEs,
  faultMessagesJa,
  faultMessagesZh,
} from './messages/fault.js';
import {
  providerFieldNamesEn,
  providerFieldNamesEs,
  providerFieldNamesJa,
  providerFieldNamesZh,
  providerMessagesEn,
  providerMessagesEs,
  providerMessagesJa,
  providerMessagesZh,
} from './messages/provider.js';
import {
  catalogueFieldNamesEn,
  catalogueFieldNamesEs,
  catalogueFieldNamesJa,
  catalogueFieldNamesZh,
  catalogueMessagesEn,
  catalogueMessagesEs,
  catalogueMessagesJa,
  catalogueMessagesZh,
} from './messages/catalogue.js';
import { customerMessagesEn, customerMessagesEs, customerMessagesJa, customerMessagesZh } from './messages/customer.js';
import { tariffMessagesEn, tariffMessagesEs, tariffMessagesJa, tariffMessagesZh } from './messages/tariff.js';
import {
  hardeningMessagesEn,
  hardeningMessagesEs,
  hardeningMessagesJa,
  hardeningMessagesZh,
} from './messages/hardening.js';
import {
  helpCenterFieldNamesEn,
  helpCenterFieldNamesEs,
  helpCenterFieldNamesJa,
  helpCenterFieldNamesZh,
  helpCenterMessagesEn,
  helpCenterMessagesEs,
  helpCenterMessagesJa,
  helpCenterMessagesZh,
} from './messages/help-center.js';
import { coreFieldNamesEs, coreFieldNamesJa, coreMessagesEs, coreMessagesJa } from './messages/core-translations.js';

const coreEn = {
  // validation (spec §5)
  'validation.email': 'Please enter a correct e-mail address',
  'validation.mobile': 'Please enter a correct phone number',
  'validation.password': 'Password must be longer than 6 characters',
  'validation.passwordRequired': 'Please enter the password',
  'validation.usernameRequired': 'Please enter the username',
  'validation.passwordsInconsistent': 'The two passwords are inconsistent',
  'validation.name': 'Name must be 1-30 letters, digits or Chinese characters',
  'validation.code': 'Code must be 1-60 letters or digits',
  'validation.identifier': 'Identifier must contain letters, digits or hyphens and start with a letter or digit',
  'validation.json': 'The update content is not in a valid JSON format',
  'validation.titleRequired': 'Title is required',
  'validation.imageType': 'Upload pictures can only be in JPG or PNG format!',
  'validation.imageSize': 'Upload pictures cannot exceed 2MB in size!',
  'validation.pdfOnly': 'Only PDF documents can be uploaded',
  'validation.fileCount': 'Number Of Files Exceeds Limit',
  'validation.authorisedRequired': 'The authorised object is required',
  'validation.authorisedSelf': 'The authorised object cannot be the authoriser',
  'validation.timePeriod': 'Time period setting must be correct',
  'validation.power': 'Power setting must be correct',
  'validation.controlMode': 'This control mode does not exist for the chosen target',
  'validation.mac': 'Please enter a MAC address like 00:1A:2B:3C:4D:5E',
  'validation.version': 'A version is 1-32 letters, digits, dots, hyphens or underscores',
  'validation.otaOrder': 'The order is required',
  'validation.fileRequired': 'Choose a file to upload',
  'validation.serviceAddress': 'Please enter a host name or an mqtt:// address',
  'validation.port': 'The port must be between 1 and 65535',
  'validation.topic': 'The topic may contain letters, digits, / _ - + # and {sn}',
  'validation.retention': 'Retention must be between 1 and 3650 days',
  'validation.deviceRequired': 'A device must be chosen before deleting',
  'validation.required': '{{field}} is required',
  'validation.invalidType': '{{field}} has the wrong type',
  'validation.tooShort': '{{field}} is too short',
  'validation.tooLong': '{{field}} is too long',
  'validation.tooSmall': '{{field}} is too small',
  'validation.tooBig': '{{field}} is too big',
  'validation.invalid': '{{field}} is not valid',
  'validation.field': '{{field}}: {{message}}',
  'validation.malformedJson': 'The request body is not valid JSON',
  // errors (spec §8 and the API)
  'error.badRequest': 'Bad request',
  'error.unauthorized': 'Please sign in',
  'error.sessionExpired': 'Your session has expired, please sign in again',
  'error.badCredentials': 'Wrong username or password',
  'error.accountDisabled': 'This account is disabled',
  'error.tooManyAttempts': 'Too many failed sign-in attempts, try again in {{minutes}} minutes',
  'error.tooManyRequests': 'Too many requests, please try again later',
  'error.forbidden': 'You do not have permission to do this',
  'error.notFound': 'Not found',
  'error.routeNotFound': 'No such API: {{method}} {{url}}',
  'error.conflict': 'This record already exists',
  'error.tooLarge': 'The upload is too large',
  'error.unsupportedType': 'This file type is not supported',
  'error.server': 'Internal server error',
  'error.databaseDown': 'The database cannot be reached',
  'error.wrongOldPassword': 'The old password is not correct',
  'error.samePassword': 'The new password must differ from the old one',
  'error.cannotDisableSelf': 'You cannot disable your own account',
  'error.notYourRole': 'You do not have this role',
  'error.firmwareMismatch': 'The firmware does not match this device type or version',
  'error.otaTarget': 'Sub SN {{subSn}} is neither {{sn}} nor one of its sub devices',
  'error.productInUse': 'Devices of this product exist: delete or change them first',
  'error.alreadyFixed': 'This fault is already repaired',
  'error.deviceCredentials': 'Unknown device or wrong device key',
  'error.snTaken': 'A device with this SN already exists',
  'error.deviceNotBound': 'This device is not bound to a plant',
  'error.parentNotCollector': 'The parent device {{sn}} is not a collector',
  'error.subDeviceType': 'Only inverters, batteries and meters can report through a collector',
  'error.subDevicePlant': "A sub device is bound to its collector's plant: bind or unbind the collector {{sn}}",
  'error.subDeviceNoKey': 'A sub device has no key of its own: it reports through its collector {{sn}}',
  'error.badPayload': 'The device message is not valid: {{reason}}',
  'error.rolesRequired': 'getInfo: roles must be a non-null array !',
  'error.hasError': 'Has Error',
  'error.saveFail': 'Save Fail',
  'error.updateFail': 'update Fail',
  'error.passwordChangeFailed': 'Password change failed',
  'error.uploadFailure': 'Upload Failure',
  'error.pictureUploadFailed': 'Picture upload failed',
  'error.verificationCodeFailed': 'Failed to send verification code',
  'error.fullscreenUnsupported': 'Your browser cannot go full screen',
  // an export's column of times written in UTC names it (issue 42: every exported time carries its zone)
  'export.inUtc': '{{header}} (UTC)',
  // successes (spec §8)
  'success.ok': 'Success',
  'success.save': 'Save Success',
  'success.delete': 'Deleted Success',
  'success.update': 'Update Successful',
  'success.create': 'Create Successful',
  'success.unbind': 'Unbinding Successfully',
  'success.repair': 'Repair Success',
  'success.disable': 'Disabled Successfully',
  'success.enable': 'Enable Successful',
  'success.allocation': 'Allocation Success',
  'success.authorization': 'Authorization Successful',
  'success.push': 'Push Success',
  'success.messageSent': 'Message sent successfully',
  'success.verificationCode': 'Verification code succeeded',
  'success.setting': 'Setting Is Successful',
  'success.login': 'Signed in',
  'success.logout': 'Signed out',
  'success.passwordChanged': 'Password modified, please sign in again',
} as const;

/** Every message: the core ones above and each domain's own file under ./messages/. */
export const messagesEn = {
  ...coreEn,
  ...plantMessagesEn,
  ...dashboardMessagesEn,
  ...deviceMessagesEn,
  ...adminMessagesEn,
  ...orgMessagesEn,
  ...ingestMessagesEn,
  ...mailMessagesEn,
  ...faultMessagesEn,
  ...customerMessagesEn,
  ...providerMessagesEn,
  ...tariffMessagesEn,
  ...hardeningMessagesEn,
  ...helpCenterMessagesEn,
  ...catalogueMessagesEn,
} as const;

export type MessageKey = keyof typeof messagesEn;
/** The keys of the core messages above (their es and ja: ./messages/core-translations.ts). */
export type CoreMessageKey = keyof typeof coreEn;

const coreZh: Record<keyof typeof coreEn, string> = {
  'validation.email': '请输入正确的邮箱地址',
  'validation.mobile': '请输入正确的手机号码',
  'validation.password': '密码长度必须大于6位',
  'validation.passwordRequired': '请输入密码',
  'validation.usernameRequired': '请输入用户名',
  'validation.passwordsInconsistent': '两次输入的密码不一致',
  'validation.name': '名称须为1-30位字母、数字或汉字',
  'validation.code': '编码须为1-60位字母或数字',
  'validation.identifier': '标识只能包含字母、数字或连字符，且以字母或数字开头',
  'validation.json': '更新内容不是有效的JSON格式',
  'validation.titleRequired': '标题不能为空',
  'validation.imageType': '上传图片只能是 JPG 或 PNG 格式！',
  'validation.imageSize': '上传图片大小不能超过 2MB！',
  'validation.pdfOnly': '只能上传PDF文档',
  'validation.fileCount': '文件数量超出限制',
  'validation.authorisedRequired': '授权对象不能为空',
  'validation.authorisedSelf': '授权对象不能是授权人本人',
  'validation.timePeriod': '请正确设置时间段',
  'validation.power': '请正确设置功率',
  'validation.controlMode': '所选对象没有这种控制模式',
  'validation.mac': '请输入形如 00:1A:2B:3C:4D:5E 的 MAC 地址',
  'validation.version': '版本号为 1-32 位字母、数字、点、连字符或下划线',
  'validation.otaOrder': '请填写指令顺序',
  'validation.fileRequired': '请选择要上传的文件',
  'validation.serviceAddress': '请输入主机名或 mqtt:// 地址',
  'validation.port': '端口须在 1 到 65535 之间',
  'validation.topic': '主题只能包含字母、数字、/ _ - + # 和 {sn}',
  'validation.retention': '保留天数须在 1 到 3650 之间',
  'validation.deviceRequired': '删除前请先选择设备',
  'validation.required': '{{field}}不能为空',
  'validation.invalidType': '{{field}}类型错误',
  'validation.tooShort': '{{field}}太短',
  'validation.tooLong': '{{field}}太长',
  'validation.tooSmall': '{{field}}太小',
  'validation.tooBig': '{{field}}太大',
  'validation.invalid': '{{field}}无效',
  'validation.field': '{{field}}：{{message}}',
  'validation.malformedJson': '请求体不是有效的JSON',
  'error.badRequest': '请求错误',
  'error.unauthorized': '请先登录',
  'error.sessionExpired': '登录已过期，请重新登录',
  'error.badCredentials': '用户名或密码错误',
  'error.accountDisabled': '该账号已被禁用',
  'error.tooManyAttempts': '登录失败次数过多，请{{minutes}}分钟后再试',
  'error.tooManyRequests': '请求过于频繁，请稍后再试',
  'error.forbidden': '您没有执行此操作的权限',
  'error.notFound': '未找到',
  'error.routeNotFound': '接口不存在：{{method}} {{url}}',
  'error.conflict': '该记录已存在',
  'error.tooLarge': '上传内容过大',
  'error.unsupportedType': '不支持该文件类型',
  'error.server': '服务器内部错误',
  'error.databaseDown': '无法连接数据库',
  'error.wrongOldPassword': '旧密码不正确',
  'error.samePassword': '新密码不能与旧密码相同',
  'error.cannotDisableSelf': '不能停用自己的账号',
  'error.notYourRole': '您没有该角色',
  'error.firmwareMismatch': '固件与设备类型或版本不匹配',
  'error.otaTarget': '子 SN {{subSn}} 既不是 {{sn}} 本身，也不是它的子设备',
  'error.productInUse': '仍有设备属于该产品，请先删除或修改这些设备',
  'error.alreadyFixed': '该故障已修复',
  'error.deviceCredentials': '设备不存在或设备密钥错误',
  'error.snTaken': '该 SN 的设备已存在',
  'error.deviceNotBound': '该设备未绑定电站',
  'error.parentNotCollector': '父设备 {{sn}} 不是采集器',
  'error.subDeviceType': '只有逆变器、电池和电表可以经采集器上报',
  'error.subDevicePlant': '子设备随其采集器绑定电站：请绑定或解绑采集器 {{sn}}',
  'error.subDeviceNoKey': '子设备没有自己的设备密钥：它经采集器 {{sn}} 上报',
  'error.badPayload': '设备消息无效：{{reason}}',
  'error.rolesRequired': 'getInfo: roles must be a non-null array !',
  'error.hasError': '出错了',
  'error.saveFail': '保存失败',
  'error.updateFail': '更新失败',
  'error.passwordChangeFailed': '密码修改失败',
  'error.uploadFailure': '上传失败',
  'error.pictureUploadFailed': '图片上传失败',
  'error.verificationCodeFailed': '验证码发送失败',
  'error.fullscreenUnsupported': '您的浏览器不支持全屏',
  'export.inUtc': '{{header}}（UTC）',
  'success.ok': '成功',
  'success.save': '保存成功',
  'success.delete': '删除成功',
  'success.update': '更新成功',
  'success.create': '创建成功',
  'success.unbind': '解绑成功',
  'success.repair': '维修成功',
  'success.disable': '禁用成功',
  'success.enable': '启用成功',
  'success.allocation': '分配成功',
  'success.authorization': '授权成功',
  'success.push': '推送成功',
  'success.messageSent': '消息发送成功',
  'success.verificationCode': '验证码发送成功',
  'success.setting': '设置成功',
  'success.login': '登录成功',
  'success.logout': '已退出登录',
  'success.passwordChanged': '密码已修改，请重新登录',
};

export const messagesZh: Record<MessageKey, string> = /* @__PURE__ */ Object.assign(
  {},
  coreZh,
  plantMessagesZh,
  dashboardMessagesZh,
  deviceMessagesZh,
  adminMessagesZh,
  orgMessagesZh,
  ingestMessagesZh,
  mailMessagesZh,
  faultMessagesZh,
  customerMessagesZh,
  providerMessagesZh,
  tariffMessagesZh,
  hardeningMessagesZh,
  helpCenterMessagesZh,
  catalogueMessagesZh,
);

/** Field names used in validation messages, per language. */
const coreFieldNamesEn: Record<string, string> = {
  username: 'Username',
  password: 'Password',
  oldPassword: 'Old password',
  newPassword: 'New password',
  confirmPassword: 'Confirm password',
  name: 'Name',
  nickname: 'Nickname',
  email: 'E-mail',
  mobile: 'Mobile',
  code: 'Code',
  pageNum: 'Page number',
  pageSize: 'Page size',
  id: 'ID',
  loginName: 'Login name',
  state: 'State',
  orgName: 'Organisation',
  roles: 'Roles',
  createdAt: 'Created',
  enabled: 'Enabled',
  disabled: 'Disabled',
};
const coreFieldNamesZh: Record<string, string> = {
  username: '用户名',
  password: '密码',
  oldPassword: '旧密码',
  newPassword: '新密码',
  confirmPassword: '确认密码',
  name: '名称',
  nickname: '昵称',
  email: '邮箱',
  mobile: '手机号',
  code: '编码',
  pageNum: '页码',
  pageSize: '每页条数',
  id: 'ID',
  loginName: '登录名',
  state: '状态',
  orgName: '所属组织',
  roles: '角色',
  createdAt: '创建时间',
  enabled: '启用',
  disabled: '停用',
};

export const fieldNamesEn: Record<string, string> = /* @__PURE__ */ Object.assign(
  {},
  coreFieldNamesEn,
  plantFieldNamesEn,
  dashboardFieldNamesEn,
  deviceFieldNamesEn,
  adminFieldNamesEn,
  orgFieldNamesEn,
  ingestFieldNamesEn,
  mailFieldNamesEn,
  faultFieldNamesEn,
  providerFieldNamesEn,
  helpCenterFieldNamesEn,
  catalogueFieldNamesEn,
);
export const fieldNamesZh: Record<string, string> = /* @__PURE__ */ Object.assign(
  {},
  coreFieldNamesZh,
  plantFieldNamesZh,
  dashboardFieldNamesZh,
  deviceFieldNamesZh,
  adminFieldNamesZh,
  orgFieldNamesZh,
  ingestFieldNamesZh,
  mailFieldNamesZh,
  faultFieldNamesZh,
  providerFieldNamesZh,
  helpCenterFieldNamesZh,
  catalogueFieldNamesZh,
);

// The tables of the other languages are built by pure calls (not object spreads, which a bundler
// keeps as possible getters): the console imports messagesEn alone and loads the language in use
// apart (apps/web/contract-messages.ts), so these stay out of its bundle.

/** Spanish and Japanese: every key of en (a missing one fails messages.test.ts). */
export const messagesEs: Record<MessageKey, string> = /* @__PURE__ */ Object.assign(
  {},
  coreMessagesEs,
  plantMessagesEs,
  dashboardMessagesEs,
  deviceMessagesEs,
  adminMessagesEs,
  orgMessagesEs,
  ingestMessagesEs,
  faultMessagesEs,
  mailMessagesEs,
  customerMessagesEs,
  providerMessagesEs,
  tariffMessagesEs,
  hardeningMessagesEs,
  helpCenterMessagesEs,
  catalogueMessagesEs,
);
export const messagesJa: Record<MessageKey, string> = /* @__PURE__ */ Object.assign(
  {},
  coreMessagesJa,
  plantMessagesJa,
  dashboardMessagesJa,
  deviceMessagesJa,
  adminMessagesJa,
  orgMessagesJa,
  ingestMessagesJa,
  faultMessagesJa,
  mailMessagesJa,
  customerMessagesJa,
  providerMessagesJa,
  tariffMessagesJa,
  hardeningMessagesJa,
  helpCenterMessagesJa,
  catalogueMessagesJa,
);
export const fieldNamesEs: Record<string, string> = /* @__PURE__ */ Object.assign(
  {},
  coreFieldNamesEs,
  plantFieldNamesEs,
  dashboardFieldNamesEs,
  deviceFieldNamesEs,
  adminFieldNamesEs,
  orgFieldNamesEs,
  ingestFieldNamesEs,
  mailFieldNamesEs,
  faultFieldNamesEs,
  providerFieldNamesEs,
  helpCenterFieldNamesEs,
  catalogueFieldNamesEs,
);
export const fieldNamesJa: Record<string, string> = /* @__PURE__ */ Object.assign(
  {},
  coreFieldNamesJa,
  plantFieldNamesJa,
  dashboardFieldNamesJa,
  deviceFieldNamesJa,
  adminFieldNamesJa,
  orgFieldNamesJa,
  ingestFieldNamesJa,
  mailFieldNamesJa,
  faultFieldNamesJa,
  providerFieldNamesJa,
  helpCenterFieldNamesJa,
  catalogueFieldNamesJa,
);

/** The field names of a language (validation messages name the field); English for any other. */
export function fieldNamesFor(lang: string): Record<string, string> {
  return { zh: fieldNamesZh, es: fieldNamesEs, ja: fieldNamesJa }[lang] ?? fieldNamesEn;
}

/** The catalogue of a language (each one complete); en for any other. */
export function messagesFor(lang: string): Record<MessageKey, string> {
  switch (lang) {
    case 'zh':
      return messagesZh;
    case 'es':
      return messagesEs;
    case 'ja':
      return messagesJa;
    default:
      return messagesEn;
  }
}

/** Picks en/zh/es/ja from an Accept-Language header; unknown falls back to en. */
export function pickLanguage(header: string | undefined | null): 'en' | 'zh' | 'es' | 'ja' {
  if (!header) return 'en';
  for (const part of header.toLowerCase().split(',')) {
    const code = part.trim().split(';')[0]!.slice(0, 2);
    if (code === 'en' || code === 'zh' || code === 'es' || code === 'ja') return code;
  }
  return 'en';
}

/** Interpolates {{name}} placeholders. */
export function formatMessage(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? `{{${k}}}`));
}

export function translate(lang: string, key: string, values?: Record<string, string | number>): string {
  const table = messagesFor(lang) as Record<string, string>;
  const template = table[key] ?? (messagesEn as Record<string, string>)[key] ?? key;
  return formatMessage(template, values);
}
