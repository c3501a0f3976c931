import { CheckOutlined } from '@ant-design/icons';
import { DEFAULT_THEME_COLOR, THEME_PRESETS } from '@pv/contract';
import { Button, Divider, Drawer, Radio, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../stores/settings';

/** The settings panel (tags view, fixed header, sidebar logo, sidebar type, theme) and the theme drawer. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const s = useSettings();
  const [themeOpen, setThemeOpen] = useState(false);
  const row = (label: string, control: React.ReactNode) => (
    <div className="pv-setting-row">
      <span>{label}</span>
      {control}
    </div>
  );
  return (
    <Drawer title={t('settings.title')} open={open} onClose={onClose} size={300} maskClosable={false} rootClassName="pv-settings" data-testid="settings-panel">
      {row(
        t('settings.theme'),
        <Button size="small" onClick={() => setThemeOpen(true)} data-testid="theme-open">
          <span className="pv-swatch" style={{ background: s.theme }} /> {s.theme}
        </Button>,
      )}
      {row(t('settings.tagsView'), <Switch checked={s.tagsView} onChange={(v) => s.change('tagsView', v)} data-testid="setting-tags-view" />)}
      {row(t('settings.fixedHeader'), <Switch checked={s.fixedHeader} onChange={(v) => s.change('fixedHeader', v)} />)}
      {row(t('settings.sidebarLogo'), <Switch checked={s.sidebarLogo} onChange={(v) => s.change('sidebarLogo', v)} data-testid="setting-sidebar-logo" />)}
      {row(
        t('settings.sidebarType'),
        <Radio.Group value={s.sidebarType} onChange={(e) => s.change('sidebarType', e.target.value as 1 | 2)} optionType="button" size="small" options={[{ value: 1, label: t('settings.single') }, { value: 2, label: t('settings.double') }]} />,
      )}
      <Drawer title={t('settings.themeDrawer')} open={themeOpen} onClose={() => setThemeOpen(false)} size={280} maskClosable={false} data-testid="theme-drawer">
        <Space wrap size={12}>
          {THEME_PRESETS.map((color) => (
            <button key={color} type="button" className="pv-theme-choice" style={{ background: color }} aria-label={color} data-testid={`theme-${color}`} onClick={() => s.setTheme(color)}>
              {s.theme === color && <CheckOutlined />}
            </button>
          ))}
        </Space>
        <Divider />
        <Button onClick={() => s.setTheme(DEFAULT_THEME_COLOR)}>{t('settings.resetTheme')}</Button>
      </Drawer>
    </Drawer>
  );
}
