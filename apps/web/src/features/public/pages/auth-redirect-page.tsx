import { Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '@/lib/redirect';
import { useDocumentTitle } from '@/lib/brand';
import { setToken } from '@/lib/token';
import { useSession } from '@/stores/session';

/** Single sign-on landing: a token handed over in the URL becomes the session, then on to the console. */
export default function AuthRedirectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  useDocumentTitle('public.title.authRedirect');
  useEffect(() => {
    const token = params.get('token');
    if (token) {
      setToken(token);
      useSession.setState({ token, info: null });
    }
    navigate(token ? safeRedirect(params.get('redirect')) : '/login', { replace: true });
  }, [params, navigate]);
  return <Spin fullscreen description={t('common.loading')} />;
}
