import { isValidPassword, PASSWORD_MIN_LENGTH } from '@pv/contract';
import { Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '@/stores/session';
import { changePassword } from '@/features/user-center/api/change-password';
import { useFeedback } from '@/lib/feedback';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Change your own password (spec §5 rules); the session ends and you sign in again. */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      await changePassword(v);
      void message.success(t('success.passwordChanged'));
      useSession.getState().resetToken();
      navigate('/login', { replace: true });
    } catch {
      // the API client shows why
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('route.changePassword')} style={{ maxWidth: 560 }}>
      <Form<Values> form={form} layout="vertical" onFinish={submit} data-testid="change-password-form">
        <Form.Item
          name="oldPassword"
          label={t('userCenter.oldPassword')}
          rules={[{ required: true, message: t('validation.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" data-testid="old-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('userCenter.newPassword')}
          extra={t('userCenter.passwordHint', { count: PASSWORD_MIN_LENGTH - 1 })}
          rules={[
            { required: true, message: t('validation.passwordRequired') },
            {
              validator: (_, v: string) =>
                !v || isValidPassword(v) ? Promise.resolve() : Promise.reject(new Error(t('validation.password'))),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('userCenter.confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('validation.passwordRequired') },
            ({ getFieldValue }) => ({
              validator: (_, v: string) =>
                !v || v === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('validation.passwordsInconsistent'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="confirm-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="change-password-submit">
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
