import { Spin } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useSession } from '@/stores/session';
import { loginRedirect, navigationErrorMessage } from '@/app/route-utils';
import { useFeedback } from '@/lib/feedback';

/**
 * Every route but the public ones needs a token (spec §2). With a token and no user info the
 * info is fetched once; the router is then rebuilt from the permitted routes (app/router.tsx).
 * A failure clears the token, shows the error (or "Has Error") and goes to /login with the
 * wanted path as redirect.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const location = useLocation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const info = useSession((s) => s.info);
  const wanted = location.pathname + location.search;
  // The path the user asked for when the fetch started, not wherever they are when it fails.
  const wantedAtFetch = useRef(wanted);

  useEffect(() => {
    if (!token || info) return;
    let cancelled = false;
    wantedAtFetch.current = wanted;
    useSession
      .getState()
      .fetchInfo()
      .catch((err: unknown) => {
        if (cancelled) return;
        useSession.getState().resetToken();
        void message.error(navigationErrorMessage(err, t('error.hasError')));
        navigate(loginRedirect(wantedAtFetch.current), { replace: true });
      });
    return () => {
      cancelled = true;
    };
    // Fetch once per token; the wanted path is captured in the ref above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, info]);

  if (!token) return <Navigate to={loginRedirect(wanted)} replace />;
  // no children: the info is in and the router is being rebuilt for this user (app/router.tsx)
  if (!info || !children) return <Spin fullscreen description={t('layout.loading')} />;
  return <>{children}</>;
}
