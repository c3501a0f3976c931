import { App, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useSession } from '../stores/session';
import { ConsoleLayout } from './layout/console-layout';
import { loginRedirect } from './route-utils';

/**
 * Every route but the public ones needs a token (spec §2). User info is fetched once; a failure
 * clears the token, shows the error and goes to /login with the redirect.
 */
export function Protected() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const info = useSession((s) => s.info);
  const wanted = location.pathname + location.search;

  useEffect(() => {
    if (!token || info) return;
    let cancelled = false;
    useSession
      .getState()
      .fetchInfo()
      .catch((err: unknown) => {
        if (cancelled) return;
        useSession.getState().resetToken();
        void message.error((err instanceof Error && err.message) || t('error.hasError'));
        navigate(loginRedirect(wanted), { replace: true });
      });
    return () => {
      cancelled = true;
    };
    // wanted is read once, when the fetch starts
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, info]);

  if (!token) return <Navigate to={loginRedirect(wanted)} replace />;
  if (!info) return <Spin fullscreen description={t('layout.loading')} />;
  return <ConsoleLayout info={info} />;
}
