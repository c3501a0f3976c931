import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
// Input alone (antd's Input also brings TextArea, Search and OTP into the sign-in page's first load)
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { BRAND_LOGO, platformTitle } from '@/lib/brand';
import { safeRedirect } from '@/lib/redirect';
import { useSession } from '@/stores/session';
import { PublicFrame } from '@/components/public-frame';

interface Values {
  username: string;
  password: string;
}
type Errors = Partial<Record<keyof Values, string>>;

/** The two checks of the sign-in form: a username that is not only blanks, and a password. */
function check(v: Values, t: (key: string) => string): Errors {
  const errors: Errors = {};
  if (!v.username.trim()) errors.username = t('validation.usernameRequired');
  if (!v.password) errors.password = t('validation.passwordRequired');
  return errors;
}

/**
 * Sign in (spec §5: the username is trimmed, the password sent as typed), then on to the wanted page.
 * A plain form with antd's inputs: antd's Form (its validator, and the Tooltip of its labels) would
 * be a tenth of the page's first load for two required fields.
 */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useSession((s) => s.login);
  const [busy, setBusy] = useState(false);
  const [values, setValues] = useState<Values>({ username: '', password: '' });
  // shown once the form was sent, then kept current as the user types
  const [errors, setErrors] = useState<Errors | null>(null);

  const change = (name: keyof Values, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (errors) setErrors(check(next, t));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = check(values, t);
    setErrors(found);
    if (found.username || found.password) return;
    setBusy(true);
    try {
      await login(values.username, values.password);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch {
      // the API client has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  const inputProps = (name: keyof Values) => ({
    id: `login-${name}`,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => change(name, e.target.value),
    status: errors?.[name] ? ('error' as const) : undefined,
    'aria-invalid': !!errors?.[name],
    'aria-required': true,
    'aria-describedby': errors?.[name] ? `login-${name}-error` : undefined,
    'data-testid': `login-${name}`,
  });
  const field = (name: keyof Values, label: string, input: ReactNode) => (
    <div className="pvf-field">
      <label className="pvf-field-label" htmlFor={`login-${name}`}>
        {label}
      </label>
      {input}
      <div className="pvf-field-error" id={`login-${name}-error`} role={errors?.[name] ? 'alert' : undefined}>
        {errors?.[name]}
      </div>
    </div>
  );

  return (
    <PublicFrame titleKey="public.title.login" center>
      {/* plain elements styled as a card: antd's Card and Typography would bring Tabs and Tooltip into the first load */}
      <section className="pvf-login-card">
        <img className="pvf-login-logo" src={BRAND_LOGO} alt="" width={48} height={48} data-testid="login-logo" />
        <h1 className="pvf-login-title" data-testid="login-brand">
          {platformTitle(i18n.language)}
        </h1>
        <p className="pvf-login-subtitle">{t('auth.subtitle')}</p>
        <form onSubmit={(e) => void submit(e)} noValidate>
          {field(
            'username',
            t('auth.username'),
            <Input
              {...inputProps('username')}
              size="large"
              prefix={<UserOutlined />}
              autoComplete="username"
              autoFocus
            />,
          )}
          {field(
            'password',
            t('auth.password'),
            <Password
              {...inputProps('password')}
              size="large"
              prefix={<LockOutlined />}
              autoComplete="current-password"
            />,
          )}
          <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="login-submit">
            {t('auth.signIn')}
          </Button>
        </form>
      </section>
    </PublicFrame>
  );
}
