/**
 * The help center and the interface error log (issue 21): server messages and the contact-answer
 * mail in every console language (en is the source; zh, es and ja hold the same keys). Merged into
 * the catalogues by ../messages.ts.
 */
const en = {
  'validation.mediaType': 'Only JPG or PNG pictures and MP4 videos can be uploaded',
  'validation.contactName': 'Please enter your name',
  'validation.contactMessage': 'Please write your message',
  'validation.answerRequired': 'Please write the answer',
  'validation.mp4Only': 'Only MP4 videos can be uploaded',
  'validation.contentType': 'The file is not what its name says: {{expected}} expected',
  'error.contentDeleted': 'This item is deleted: restore it before editing',
  'error.contentNotDeleted': 'Only a deleted item can be restored',
  'error.problemClosed': 'This problem is closed',
  'success.restore': 'Restored',
  'success.answer': 'Answer saved',
  'success.report': 'Reported',
  'mail.contactAnswer.subject': 'Re: your message to {{brand}}',
  'mail.contactAnswer.greeting': 'Hello {{name}},',
  'mail.contactAnswer.intro': 'Thank you for writing to us. Our answer:',
  'mail.contactAnswer.quote': 'Your message:',
  'mail.contactAnswer.answer': '{{answer}}',
  'mail.contactAnswer.message': '{{message}}',
} as const;

type Key = keyof typeof en;

const zh: Record<Key, string> = {
  'validation.mediaType': '只能上传 JPG、PNG 图片或 MP4 视频',
  'validation.contactName': '请输入您的姓名',
  'validation.contactMessage': '请输入留言内容',
  'validation.answerRequired': '请输入回复内容',
  'validation.mp4Only': '只能上传 MP4 视频',
  'validation.contentType': '文件内容与文件名不符：应为 {{expected}}',
  'error.contentDeleted': '该内容已删除，请先恢复再编辑',
  'error.contentNotDeleted': '只有已删除的内容才能恢复',
  'error.problemClosed': '该问题已关闭',
  'success.restore': '恢复成功',
  'success.answer': '回复已保存',
  'success.report': '已上报',
  'mail.contactAnswer.subject': '回复：您发给{{brand}}的留言',
  'mail.contactAnswer.greeting': '{{name}}，您好：',
  'mail.contactAnswer.intro': '感谢您的留言，我们的回复如下：',
  'mail.contactAnswer.quote': '您的留言：',
  'mail.contactAnswer.answer': '{{answer}}',
  'mail.contactAnswer.message': '{{message}}',
};

const es: Record<Key, string> = {
  'validation.mediaType': 'Solo se pueden subir imágenes JPG o PNG y vídeos MP4',
  'validation.contactName': 'Escriba su nombre',
  'validation.contactMessage': 'Escriba su mensaje',
  'validation.answerRequired': 'Escriba la respuesta',
  'validation.mp4Only': 'Solo se pueden subir vídeos MP4',
  'validation.contentType': 'El archivo no es lo que dice su nombre: se esperaba {{expected}}',
  'error.contentDeleted': 'Este elemento está eliminado: restáurelo antes de editarlo',
  'error.contentNotDeleted': 'Solo se puede restaurar un elemento eliminado',
  'error.problemClosed': 'Este problema está cerrado',
  'success.restore': 'Restaurado',
  'success.answer': 'Respuesta guardada',
  'success.report': 'Notificado',
  'mail.contactAnswer.subject': 'Re: su mensaje a {{brand}}',
  'mail.contactAnswer.greeting': 'Hola, {{name}}:',
  'mail.contactAnswer.intro': 'Gracias por escribirnos. Nuestra respuesta:',
  'mail.contactAnswer.quote': 'Su mensaje:',
  'mail.contactAnswer.answer': '{{answer}}',
  'mail.contactAnswer.message': '{{message}}',
};

const ja: Record<Key, string> = {
  'validation.mediaType': 'アップロードできるのは JPG・PNG 画像と MP4 動画のみです',
  'validation.contactName': 'お名前を入力してください',
  'validation.contactMessage': 'メッセージを入力してください',
  'validation.answerRequired': '回答を入力してください',
  'validation.mp4Only': 'アップロードできる動画は MP4 のみです',
  'validation.contentType': 'ファイルの中身が名前と一致しません（{{expected}} が必要です）',
  'error.contentDeleted': 'この項目は削除されています。編集する前に復元してください',
  'error.contentNotDeleted': '復元できるのは削除された項目だけです',
  'error.problemClosed': 'この問題はクローズされています',
  'success.restore': '復元しました',
  'success.answer': '回答を保存しました',
  'success.report': '報告しました',
  'mail.contactAnswer.subject': 'Re: {{brand}} へのお問い合わせ',
  'mail.contactAnswer.greeting': '{{name}} 様',
  'mail.contactAnswer.intro': 'お問い合わせありがとうございます。回答は次のとおりです。',
  'mail.contactAnswer.quote': 'お問い合わせ内容：',
  'mail.contactAnswer.answer': '{{answer}}',
  'mail.contactAnswer.message': '{{message}}',
};

export const helpCenterMessagesEn = en;
export const helpCenterMessagesZh = zh;
export const helpCenterMessagesEs = es;
export const helpCenterMessagesJa = ja;
