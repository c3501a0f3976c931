/**
 * Mails and notifications (issue 18, and the mails of issue 19): subjects, paragraphs and the
 * notification lines, in every console language (en is the source; zh, es and ja hold the same
 * keys). Merged into messagesEn / messagesZh / messagesEs / messagesJa by ../messages.ts.
 */
const en = {
  'error.mailOutboxRootOnly': 'Only the platform operator can read the mail outbox',
  // severities as words in mails and notifications
  'mail.severity.critical': 'Critical',
  'mail.severity.major': 'Major',
  'mail.severity.minor': 'Minor',
  'mail.severity.warning': 'Warning',
  // every mail ends with the platform's name
  'mail.signature': '{{brand}}',
  'mail.footer.prefs':
    'You receive this mail because of your notification settings. You can change them in the user center.',
  // a fault opened (template faultOpened)
  'mail.faultOpened.subject': '[{{severity}}] Fault at {{plant}}: {{title}}',
  'mail.faultOpened.greeting': 'Hello {{name}},',
  'mail.faultOpened.intro': 'A fault has opened at {{plant}} and is waiting to be handled.',
  'mail.faultOpened.outro': 'Open Faults in the console to acknowledge it and record the repair.',
  'mail.field.fault': 'Fault',
  'mail.field.severity': 'Severity',
  'mail.field.plant': 'Plant',
  'mail.field.device': 'Device',
  'mail.field.openedAt': 'Opened',
  'mail.field.message': 'Device message',
  'mail.field.action': 'Suggested action',
  'mail.noPlant': 'no plant',
  // the bell's lines
  'notification.faultTitle': '{{severity}} fault {{code}}: {{title}}',
  'notification.faultBody': '{{device}} at {{plant}}',
} as const;

export const mailMessagesEn = en;

export const mailMessagesZh: Record<keyof typeof en, string> = {
  'error.mailOutboxRootOnly': '只有平台运营方可以查看邮件发件箱',
  'mail.severity.critical': '紧急',
  'mail.severity.major': '重要',
  'mail.severity.minor': '次要',
  'mail.severity.warning': '提示',
  'mail.signature': '{{brand}}',
  'mail.footer.prefs': '您收到这封邮件，是因为您的通知设置。可在个人中心修改通知设置。',
  'mail.faultOpened.subject': '【{{severity}}】{{plant}} 发生故障：{{title}}',
  'mail.faultOpened.greeting': '{{name}}，您好：',
  'mail.faultOpened.intro': '电站 {{plant}} 发生了一条新故障，正在等待处理。',
  'mail.faultOpened.outro': '请登录控制台，在“故障”页面确认该故障并登记维修。',
  'mail.field.fault': '故障',
  'mail.field.severity': '严重程度',
  'mail.field.plant': '电站',
  'mail.field.device': '设备',
  'mail.field.openedAt': '发生时间',
  'mail.field.message': '设备上报信息',
  'mail.field.action': '处理建议',
  'mail.noPlant': '未绑定电站',
  'notification.faultTitle': '{{severity}}故障 {{code}}：{{title}}',
  'notification.faultBody': '{{plant}} · {{device}}',
};

export const mailMessagesEs: Record<keyof typeof en, string> = {
  'error.mailOutboxRootOnly': 'Solo el operador de la plataforma puede consultar la bandeja de salida de correo',
  'mail.severity.critical': 'Crítica',
  'mail.severity.major': 'Grave',
  'mail.severity.minor': 'Leve',
  'mail.severity.warning': 'Aviso',
  'mail.signature': '{{brand}}',
  'mail.footer.prefs':
    'Recibe este correo por su configuración de notificaciones. Puede cambiarla en el centro de usuario.',
  'mail.faultOpened.subject': '[{{severity}}] Avería en {{plant}}: {{title}}',
  'mail.faultOpened.greeting': 'Hola, {{name}}:',
  'mail.faultOpened.intro': 'Se ha registrado una avería en {{plant}} que está pendiente de atender.',
  'mail.faultOpened.outro': 'Abra Averías en la consola para confirmarla y registrar la reparación.',
  'mail.field.fault': 'Avería',
  'mail.field.severity': 'Gravedad',
  'mail.field.plant': 'Planta',
  'mail.field.device': 'Equipo',
  'mail.field.openedAt': 'Inicio',
  'mail.field.message': 'Mensaje del equipo',
  'mail.field.action': 'Acción recomendada',
  'mail.noPlant': 'sin planta',
  'notification.faultTitle': 'Avería {{code}} ({{severity}}): {{title}}',
  'notification.faultBody': '{{device}} en {{plant}}',
};

export const mailMessagesJa: Record<keyof typeof en, string> = {
  'error.mailOutboxRootOnly': 'メール送信箱はプラットフォーム運営者のみ閲覧できます',
  'mail.severity.critical': '緊急',
  'mail.severity.major': '重大',
  'mail.severity.minor': '軽微',
  'mail.severity.warning': '警告',
  'mail.signature': '{{brand}}',
  'mail.footer.prefs': 'このメールは通知設定に基づいて送信されています。設定はユーザーセンターで変更できます。',
  'mail.faultOpened.subject': '【{{severity}}】{{plant}}で故障が発生しました：{{title}}',
  'mail.faultOpened.greeting': '{{name}} 様',
  'mail.faultOpened.intro': '{{plant}}で故障が発生しました。対応をお願いします。',
  'mail.faultOpened.outro': 'コンソールの「故障」画面で確認し、修理内容を記録してください。',
  'mail.field.fault': '故障',
  'mail.field.severity': '重大度',
  'mail.field.plant': '発電所',
  'mail.field.device': '機器',
  'mail.field.openedAt': '発生日時',
  'mail.field.message': '機器からのメッセージ',
  'mail.field.action': '推奨される対処',
  'mail.noPlant': '発電所未設定',
  'notification.faultTitle': '{{severity}}の故障 {{code}}：{{title}}',
  'notification.faultBody': '{{plant}}の{{device}}',
};

/** Field names of the notification preferences and the outbox filters (validation messages). */
export const mailFieldNamesEn: Record<string, string> = {
  console: 'Console notifications',
  mail: 'E-mail notifications',
  minSeverity: 'Minimum severity',
  mailMinSeverity: 'Minimum severity for e-mail',
  lang: 'Language',
  unread: 'Unread',
  status: 'Status',
  to: 'Recipient',
};
export const mailFieldNamesZh: Record<string, string> = {
  console: '控制台通知',
  mail: '邮件通知',
  minSeverity: '最低严重程度',
  mailMinSeverity: '邮件最低严重程度',
  lang: '语言',
  unread: '未读',
  status: '状态',
  to: '收件人',
};

// Spanish and Japanese (issue 22)
export const mailFieldNamesEs: Record<string, string> = {
  console: 'Notificaciones en la consola',
  mail: 'Notificaciones por correo',
  minSeverity: 'Gravedad mínima',
  mailMinSeverity: 'Gravedad mínima para el correo',
  lang: 'Idioma',
  unread: 'No leídas',
  status: 'Estado',
  to: 'Destinatario',
};
export const mailFieldNamesJa: Record<string, string> = {
  console: 'コンソール通知',
  mail: 'メール通知',
  minSeverity: '最低重大度',
  mailMinSeverity: 'メール通知の最低重大度',
  lang: '言語',
  unread: '未読',
  status: '状態',
  to: '宛先',
};
