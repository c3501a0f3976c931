import { contactMessageBody, type ContactMessageBody } from '@pv/contract';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendContactMessage } from '@/features/public/api/send-contact-message';

/** The public contact form: name, e-mail, phone (optional), message; an administrator answers by mail. */
export function ContactForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<ContactMessageBody>();
  const send = useSendContactMessage();
  const [sent, setSent] = useState(false);
  if (sent)
    return (
      <Alert
        type="success"
        showIcon
        message={t('success.messageSent')}
        description={t('helpCenter.public.sentHint')}
        data-testid="contact-sent"
      />
    );
  return (
    <Form
      form={form}
      layout="vertical"
      name="contact-form"
      style={{ maxWidth: 560 }}
      onFinish={async (v) => {
        await send.mutateAsync(contactMessageBody.parse(v));
        setSent(true);
      }}
    >
      <Form.Item
        name="name"
        label={t('helpCenter.contact.name')}
        rules={[{ required: true, whitespace: true, message: t('validation.contactName') }, { max: 60 }]}
      >
        <Input maxLength={60} data-testid="contact-form-name" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('helpCenter.contact.email')}
        rules={[{ required: true, type: 'email', message: t('validation.email') }]}
      >
        <Input maxLength={120} data-testid="contact-form-email" />
      </Form.Item>
      <Form.Item name="phone" label={t('helpCenter.contact.phone')} rules={[{ max: 32 }]}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item
        name="message"
        label={t('helpCenter.contact.message')}
        rules={[{ required: true, whitespace: true, message: t('validation.contactMessage') }, { max: 2000 }]}
      >
        <Input.TextArea rows={5} maxLength={2000} showCount data-testid="contact-form-message" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={send.isPending} data-testid="contact-form-send">
        {t('helpCenter.contact.send')}
      </Button>
    </Form>
  );
}
