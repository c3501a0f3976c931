import { ConfigProvider, theme as antdTheme, type ConfigProviderProps } from 'antd';
import type { Size } from '@pv/contract';
import { antdLocale } from '@/lib/i18n';
import { useApp } from '@/stores/app';
import { useSettings } from '@/stores/settings';
import { ConsoleApp } from './console-app';
import { AppRouter } from './router';

/** The four sizes of spec §9 on antd's three component sizes; "mini" also shrinks the type. */
export const SIZE_TO_ANTD: Record<Size, NonNullable<ConfigProviderProps['componentSize']>> = {
  default: 'large',
  medium: 'middle',
  small: 'small',
  mini: 'small',
};

export function App() {
  const themeColor = useSettings((s) => s.theme);
  const size = useApp((s) => s.size);
  const language = useApp((s) => s.language);
  return (
    <ConfigProvider
      locale={antdLocale(language)}
      componentSize={SIZE_TO_ANTD[size]}
      theme={{
        algorithm: antdTheme.defaultAlgorithm,
        token: {
          colorPrimary: themeColor,
          colorLink: themeColor,
          borderRadius: 6,
          fontSize: size === 'mini' ? 12 : 14,
          // WCAG AA (4.5:1 on white; issue 22's axe scan): antd's 0.45 and 0.25 greys of labels,
          // descriptions and placeholders read at 3.4:1 and 1.6:1
          colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
          colorTextDescription: 'rgba(0, 0, 0, 0.6)',
          colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
          // antd's #ff4d4f reads at 3.3:1 (danger buttons and texts); red-7 at 5.6:1
          colorError: '#cf1322',
        },
        components: { Menu: { itemSelectedColor: themeColor, itemHeight: 38, subMenuItemBg: 'transparent' } },
      }}
      // spec §2: dialogs do not close on a click on the backdrop
      modal={{ mask: { closable: false } }}
      drawer={{ mask: { closable: false } }}
    >
      <ConsoleApp>
        {/* react-query's provider is in the signed-in layout (app/layout/console-layout) */}
        <AppRouter />
      </ConsoleApp>
    </ConfigProvider>
  );
}

/** The former name of the root component. */
export const RootApp = App;
export default App;
