/**
 * Customers and account cancellation (issue 19): server messages, export headers and the mails
 * (first password, cancellation code), in every console language (en is the source; zh, es and ja
 * hold the same keys). Merged into the catalogues by ../messages.ts.
 */
const en = {
  'customer.hasPlants': 'This customer still owns plants ({{count}}): give them another owner or delete them first',
  'customer.emailRequired': "A login account needs the customer's e-mail: the first password is mailed to it",
  'customer.loginTaken': 'The login name {{name}} is already taken',
  'customer.groupMissing':
    'The customer organisation group does not exist, so no login account can be opened: restart the server to restore it',
  'customer.hasLogin': 'This customer already has a login account',
  'validation.cancelCode': 'The verification code is 6 digits',
  'customer.codeInvalid': 'The verification code is wrong or has expired: request a new one',
  'customer.roleName': 'Customer',
  'customer.orgName': '{{org}} customers',
  'customerExport.sheet': 'Customers',
  'customerExport.id': 'ID',
  'customerExport.name': 'Name',
  'customerExport.nickname': 'Nickname',
  'customerExport.email': 'E-mail',
  'customerExport.phone': 'Phone',
  'customerExport.address': 'Address',
  'customerExport.org': 'Served by',
  'customerExport.login': 'Login account',
  'customerExport.plants': 'Plants',
  'customerExport.createdAt': 'Created',
  'mail.customerLogin.subject': 'Your {{brand}} account',
  'mail.customerLogin.greeting': 'Hello {{name}},',
  'mail.customerLogin.intro': '{{org}} has opened an account for you to follow your solar plants online. Sign in with:',
  'mail.customerLogin.outro': 'Please change this password after your first sign-in (user center → change password).',
  'mail.field.loginName': 'Login name',
  'mail.field.password': 'Password',
  'mail.field.code': 'Verification code',
  'mail.cancelCode.subject': 'Your verification code: {{code}}',
  'mail.cancelCode.intro': 'Someone asked to cancel the {{brand}} account of this e-mail address. The code is:',
  'mail.cancelCode.expiry': 'It is valid for 10 minutes and can be used once.',
  'mail.cancelCode.ignore': 'If this was not you, ignore this mail: your account stays as it is.',
} as const;

type Key = keyof typeof en;

const zh: Record<Key, string> = {
  'customer.hasPlants': '该客户名下还有 {{count}} 个电站，请先更换电站业主或删除这些电站',
  'customer.emailRequired': '开通登录账号需要填写客户邮箱：初始密码会发送到该邮箱',
  'customer.loginTaken': '登录名 {{name}} 已被使用',
  'customer.groupMissing': '客户组织类型不存在，无法开通登录账号：重启服务器即可恢复',
  'customer.hasLogin': '该客户已有登录账号',
  'validation.cancelCode': '验证码为 6 位数字',
  'customer.codeInvalid': '验证码错误或已过期，请重新获取',
  'customer.roleName': '业主',
  'customer.orgName': '{{org}}业主',
  'customerExport.sheet': '客户',
  'customerExport.id': 'ID',
  'customerExport.name': '姓名',
  'customerExport.nickname': '昵称',
  'customerExport.email': '邮箱',
  'customerExport.phone': '电话',
  'customerExport.address': '地址',
  'customerExport.org': '服务组织',
  'customerExport.login': '登录账号',
  'customerExport.plants': '电站数',
  'customerExport.createdAt': '创建时间',
  'mail.customerLogin.subject': '您的{{brand}}账号',
  'mail.customerLogin.greeting': '{{name}}，您好：',
  'mail.customerLogin.intro': '{{org}}已为您开通账号，您可以在线查看自己的光伏电站。登录信息如下：',
  'mail.customerLogin.outro': '首次登录后请修改密码（个人中心 → 修改密码）。',
  'mail.field.loginName': '登录名',
  'mail.field.password': '密码',
  'mail.field.code': '验证码',
  'mail.cancelCode.subject': '您的验证码：{{code}}',
  'mail.cancelCode.intro': '有人申请注销此邮箱对应的{{brand}}账号，验证码为：',
  'mail.cancelCode.expiry': '验证码 10 分钟内有效，仅可使用一次。',
  'mail.cancelCode.ignore': '如果不是您本人操作，请忽略本邮件，您的账号不会有任何变化。',
};

const es: Record<Key, string> = {
  'customer.hasPlants':
    'Este cliente todavía es titular de plantas ({{count}}): asígnelas a otro titular o elimínelas primero',
  'customer.emailRequired':
    'Una cuenta de acceso necesita el correo del cliente: la primera contraseña se envía a esa dirección',
  'customer.loginTaken': 'El nombre de usuario {{name}} ya está en uso',
  'customer.groupMissing':
    'No existe el tipo de organización de clientes, así que no se puede abrir una cuenta de acceso: reinicie el servidor para restaurarlo',
  'customer.hasLogin': 'Este cliente ya tiene una cuenta de acceso',
  'validation.cancelCode': 'El código de verificación tiene 6 cifras',
  'customer.codeInvalid': 'El código de verificación es incorrecto o ha caducado: solicite uno nuevo',
  'customer.roleName': 'Cliente',
  'customer.orgName': 'Clientes de {{org}}',
  'customerExport.sheet': 'Clientes',
  'customerExport.id': 'ID',
  'customerExport.name': 'Nombre',
  'customerExport.nickname': 'Alias',
  'customerExport.email': 'Correo electrónico',
  'customerExport.phone': 'Teléfono',
  'customerExport.address': 'Dirección',
  'customerExport.org': 'Atendido por',
  'customerExport.login': 'Cuenta de acceso',
  'customerExport.plants': 'Plantas',
  'customerExport.createdAt': 'Alta',
  'mail.customerLogin.subject': 'Su cuenta de {{brand}}',
  'mail.customerLogin.greeting': 'Hola, {{name}}:',
  'mail.customerLogin.intro':
    '{{org}} le ha abierto una cuenta para seguir sus plantas solares en línea. Acceda con estos datos:',
  'mail.customerLogin.outro':
    'Cambie esta contraseña después del primer acceso (centro de usuario → cambiar contraseña).',
  'mail.field.loginName': 'Usuario',
  'mail.field.password': 'Contraseña',
  'mail.field.code': 'Código de verificación',
  'mail.cancelCode.subject': 'Su código de verificación: {{code}}',
  'mail.cancelCode.intro':
    'Se ha solicitado dar de baja la cuenta de {{brand}} de esta dirección de correo. El código es:',
  'mail.cancelCode.expiry': 'Es válido durante 10 minutos y solo se puede usar una vez.',
  'mail.cancelCode.ignore': 'Si no ha sido usted, ignore este correo: su cuenta no cambia.',
};

const ja: Record<Key, string> = {
  'customer.hasPlants':
    'この顧客はまだ {{count}} 件の発電所の所有者です。先に所有者を変更するか、発電所を削除してください',
  'customer.emailRequired': 'ログインアカウントには顧客のメールアドレスが必要です（初期パスワードをそこへ送ります）',
  'customer.loginTaken': 'ログイン名 {{name}} は既に使われています',
  'customer.groupMissing':
    '顧客の組織種別が存在しないため、ログインアカウントを開設できません。サーバーを再起動すると復元されます',
  'customer.hasLogin': 'この顧客には既にログインアカウントがあります',
  'validation.cancelCode': '認証コードは 6 桁の数字です',
  'customer.codeInvalid': '認証コードが正しくないか期限切れです。もう一度取得してください',
  'customer.roleName': '顧客',
  'customer.orgName': '{{org}} の顧客',
  'customerExport.sheet': '顧客',
  'customerExport.id': 'ID',
  'customerExport.name': '氏名',
  'customerExport.nickname': 'ニックネーム',
  'customerExport.email': 'メールアドレス',
  'customerExport.phone': '電話番号',
  'customerExport.address': '住所',
  'customerExport.org': '担当組織',
  'customerExport.login': 'ログインアカウント',
  'customerExport.plants': '発電所数',
  'customerExport.createdAt': '登録日時',
  'mail.customerLogin.subject': '{{brand}} のアカウントのご案内',
  'mail.customerLogin.greeting': '{{name}} 様',
  'mail.customerLogin.intro':
    '{{org}} がお客様の太陽光発電所をオンラインで確認できるアカウントを作成しました。ログイン情報は次のとおりです。',
  'mail.customerLogin.outro': '初回ログイン後にパスワードを変更してください（ユーザーセンター → パスワード変更）。',
  'mail.field.loginName': 'ログイン名',
  'mail.field.password': 'パスワード',
  'mail.field.code': '認証コード',
  'mail.cancelCode.subject': '認証コード：{{code}}',
  'mail.cancelCode.intro':
    'このメールアドレスの {{brand}} アカウントの解約が申請されました。認証コードは次のとおりです。',
  'mail.cancelCode.expiry': '有効期間は 10 分で、1 回だけ使えます。',
  'mail.cancelCode.ignore': 'お心当たりがない場合はこのメールを無視してください。アカウントはそのままです。',
};

export const customerMessagesEn = en;
export const customerMessagesZh = zh;
export const customerMessagesEs = es;
export const customerMessagesJa = ja;
