// Server messages of the hardening work (issue 23): refusals the framework used to answer itself
// or as a 500, in the four languages.

const en = {
  'error.notMultipart': 'Send the file as multipart/form-data',
  'error.methodNotAllowed': '{{method}} is not allowed on {{url}}',
  'error.uriTooLong': 'The address is too long',
  'error.badUrl': 'The address is not valid',
  'error.productNotFound': 'The chosen product does not exist',
  'error.tokenInQuery': 'Send the session token in the X-Token header, not in the address',
  'error.ticketInvalid': 'The live-update ticket is unknown, already used or expired: ask for a new one',
  'error.signInDelayed':
    'Too many failed sign-ins for this account from your address, try again in {{seconds}} seconds',
} as const;
type Key = keyof typeof en;

const zh: Record<Key, string> = {
  'error.notMultipart': '请以 multipart/form-data 格式上传文件',
  'error.methodNotAllowed': '{{url}} 不支持 {{method}} 方法',
  'error.uriTooLong': '请求地址过长',
  'error.badUrl': '请求地址无效',
  'error.productNotFound': '所选产品不存在',
  'error.tokenInQuery': '请在 X-Token 请求头中发送会话令牌，不要放在地址中',
  'error.ticketInvalid': '实时更新凭证无效、已使用或已过期，请重新获取',
  'error.signInDelayed': '该账号从您的地址登录失败次数过多，请{{seconds}}秒后再试',
};

const es: Record<Key, string> = {
  'error.notMultipart': 'Envíe el archivo como multipart/form-data',
  'error.methodNotAllowed': '{{method}} no está permitido en {{url}}',
  'error.uriTooLong': 'La dirección es demasiado larga',
  'error.badUrl': 'La dirección no es válida',
  'error.productNotFound': 'El producto elegido no existe',
  'error.tokenInQuery': 'Envíe el token de sesión en la cabecera X-Token, no en la dirección',
  'error.ticketInvalid': 'El vale de actualizaciones en directo no existe, ya se usó o caducó: pida uno nuevo',
  'error.signInDelayed':
    'Demasiados inicios de sesión fallidos de esta cuenta desde su dirección; inténtelo de nuevo en {{seconds}} segundos',
};

const ja: Record<Key, string> = {
  'error.notMultipart': 'ファイルは multipart/form-data で送信してください',
  'error.methodNotAllowed': '{{url}} では {{method}} は使用できません',
  'error.uriTooLong': 'アドレスが長すぎます',
  'error.badUrl': 'アドレスが正しくありません',
  'error.productNotFound': '選択した製品は存在しません',
  'error.tokenInQuery': 'セッショントークンはアドレスではなく X-Token ヘッダーで送信してください',
  'error.ticketInvalid': 'ライブ更新チケットが無効、使用済み、または期限切れです。新しいチケットを取得してください',
  'error.signInDelayed':
    'このアカウントへのお使いのアドレスからのサインイン失敗が多すぎます。{{seconds}} 秒後に再度お試しください',
};

export const hardeningMessagesEn = en;
export const hardeningMessagesZh = zh;
export const hardeningMessagesEs = es;
export const hardeningMessagesJa = ja;
