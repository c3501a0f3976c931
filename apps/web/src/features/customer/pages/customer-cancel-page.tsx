import { cancelConfirmBody, cancelSendBody } from '@pv/contract';
import { Alert, Button, Card, Form, Input, Result, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout } from '@/components/public-layout';
import { zodRule } from '@/lib/form-rules';
import { confirmCancel, sendCancelCode } from '@/features/customer/api/cancel-account';

/**
 * /customer/cancel (public): a customer cancels their own account in two steps, the e-mail, then
 * the 6-digit code mailed to it. The page says the same whether the address has an account or not;
 * the server throttles and answers in the reader's language.
 */
export default function CustomerCancelPage() {
  const { t } = useTranslation();
  const [pending, setPending] = useState<'send' | 'confirm' | null>(null);
  const [email, setEmail] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [sentMsg, setSentMsg] = useState<string | null>(null);

  const submitEmail = async (v: { email: string }) => {
    setPending('send');
    try {
      await sendCancelCode({ email: v.email.trim() });
      setSentMsg(t('success.messageSent'));
      setEmail(v.email.trim());
    } catch {
      // the API client has shown why ("Failed to send verification code", too many requests)
    } finally {
      setPending(null);
    }
  };
  const submitCode = async (v: { code: string }) => {
    if (!email) return;
    setPending('confirm');
    try {
      await confirmCancel({ email, code: v.code.trim() });
      setDone(true);
    } catch {
      // a wrong or expired code: the message is shown, the code can be typed again
    } finally {
      setPending(null);
    }
  };

  return (
    <PublicLayout titleKey="route.customerCancel">
      <Card className="pvf-public-card" style={{ maxWidth: 560, width: '100%' }}>
        <Typography.Title level={3}>{t('customer.cancel.title')}</Typography.Title>
        {done ? (
          <Result
            status="success"
            title={t('success.verificationCode')}
            subTitle={t('customer.cancel.done')}
            extra={<Link to="/login">{t('customer.cancel.backToLogin')}</Link>}
            data-testid="cancel-done"
          />
        ) : (
          <>
            <Typography.Paragraph>{t('customer.cancel.intro')}</Typography.Paragraph>
            <Typography.Paragraph type="secondary">{t('customer.cancel.keeps')}</Typography.Paragraph>
            <Steps
              size="small"
              current={email ? 1 : 0}
              style={{ marginBottom: 24 }}
              items={[{ title: t('customer.cancel.email') }, { title: t('customer.cancel.code') }]}
            />
            {!email ? (
              <Form layout="vertical" onFinish={submitEmail} data-testid="cancel-email-form">
                <Form.Item
                  name="email"
                  label={t('customer.cancel.email')}
                  validateFirst
                  rules={[
                    { required: true, message: t('validation.email') },
                    zodRule(cancelSendBody.shape.email, 'validation.email'),
                  ]}
                >
                  <Input type="email" autoComplete="email" data-testid="cancel-email" />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={pending === 'send'} data-testid="cancel-send">
                  {t('customer.cancel.send')}
                </Button>
              </Form>
            ) : (
              <Form layout="vertical" onFinish={submitCode} data-testid="cancel-code-form">
                {sentMsg && <Alert type="success" showIcon message={sentMsg} style={{ marginBottom: 16 }} />}
                <Form.Item
                  name="code"
                  label={t('customer.cancel.code')}
                  extra={t('customer.cancel.codeHint')}
                  validateFirst
                  rules={[
                    { required: true, message: t('validation.cancelCode') },
                    zodRule(cancelConfirmBody.shape.code, 'validation.cancelCode'),
                  ]}
                >
                  <Input
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    style={{ maxWidth: 200, letterSpacing: 4 }}
                    data-testid="cancel-code"
                  />
                </Form.Item>
                <Button
                  type="primary"
                  danger
                  htmlType="submit"
                  loading={pending === 'confirm'}
                  data-testid="cancel-confirm"
                  style={{ marginRight: 12 }}
                >
                  {t('customer.cancel.confirm')}
                </Button>
                <Button type="link" onClick={() => setEmail(null)}>
                  {t('customer.cancel.resend')}
                </Button>
              </Form>
            )}
          </>
        )}
      </Card>
    </PublicLayout>
  );
}
