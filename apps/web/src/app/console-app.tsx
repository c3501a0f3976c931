import { ConfigProvider } from 'antd';
import AppContext from 'antd/es/app/context';
import useAppStyle from 'antd/es/app/style';
import { lazy, Suspense, useContext, useEffect, useState, type ReactNode } from 'react';
import { lazyFeedback, whenFeedbackWanted } from '@/lib/feedback';

const FeedbackHost = lazy(() => import('./feedback-host').then((m) => ({ default: m.FeedbackHost })));

/**
 * antd's <App> (its element and base style, and App.useApp() for the pages), with the code of its
 * toasts, dialogs and notifications loaded the first time one is shown (lib/feedback.ts).
 */
export function ConsoleApp({ children }: { children: ReactNode }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenFeedbackWanted(() => setWanted(true)), []);
  return (
    <AppContext.Provider value={lazyFeedback}>
      <div className={[hashId, prefixCls, cssVarCls].filter(Boolean).join(' ')}>
        {wanted && (
          <Suspense fallback={null}>
            <FeedbackHost />
          </Suspense>
        )}
        {children}
      </div>
    </AppContext.Provider>
  );
}
