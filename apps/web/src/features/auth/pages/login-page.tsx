import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { BRAND_LOGO, platformTitle } from '@/lib/brand';
import { safeRedirect } from '@/lib/redirect';
import { useSession } from '@/stores/session';
import { PublicLayout } from '@/components/public-layout';

interface Values {
  username: string;
  password: string;
}

/** Sign in (spec §5: the username is trimmed, the password sent as typed), then on to the wanted page. */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useSession((s) => s.login);
  const [busy, setBusy] = useState(false);

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      await login(v.username, v.password);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch {
      // the API client has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicLayout titleKey="public.title.login" center>
      {/* plain elements styled as a card: antd's Card and Typography would bring Tabs and Tooltip into the first load */}
      <section className="pvf-login-card">
        <img className="pvf-login-logo" src={BRAND_LOGO} alt="" width={48} height={48} data-testid="login-logo" />
        <h1 className="pvf-login-title" data-testid="login-brand">
          {platformTitle(i18n.language)}
        </h1>
        <p className="pvf-login-subtitle">{t('auth.subtitle')}</p>
        <Form<Values> layout="vertical" size="large" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="username"
            label={t('auth.username')}
            rules={[{ required: true, whitespace: true, message: t('validation.usernameRequired') }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" data-testid="login-username" autoFocus />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('auth.password')}
            rules={[{ required: true, message: t('validation.passwordRequired') }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="login-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
            {t('auth.signIn')}
          </Button>
        </Form>
      </section>
    </PublicLayout>
  );
}
