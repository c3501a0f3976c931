import { CheckOutlined } from '@ant-design/icons';
import { THEME_PRESETS } from '@pv/contract';
import { Button, Divider, Drawer, Flex, Radio, Switch, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BRAND } from '@/lib/brand';
import { useSettings } from '@/stores/settings';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="pv-setting-row">
      <span>{label}</span>
      {children}
    </div>
  );
}

/** The eight preset colours of spec §2; the choice is kept in session storage by the settings store. */
function ThemeDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useSettings((s) => s.theme);
  const setTheme = useSettings((s) => s.setTheme);
  return (
    <Drawer title={t('settings.themeDrawer')} open={open} onClose={onClose} size={300} maskClosable={false}>
      <div data-testid="theme-drawer">
        <Typography.Paragraph type="secondary">{t('settings.themeHint')}</Typography.Paragraph>
        <div className="pv-theme-grid">
          {THEME_PRESETS.map((color) => (
            <button
              key={color}
              type="button"
              className={`pv-theme-choice ${theme === color ? 'pv-theme-choice-active' : ''}`}
              style={{ background: color }}
              aria-label={color}
              aria-pressed={theme === color}
              title={color}
              data-testid={`theme-${color}`}
              onClick={() => setTheme(color)}
            >
              {theme === color && <CheckOutlined />}
            </button>
          ))}
        </div>
        <Divider />
        <Button block onClick={() => setTheme(BRAND.themeColor)} disabled={theme === BRAND.themeColor}>
          {t('settings.resetTheme')}
        </Button>
      </div>
    </Drawer>
  );
}

/** The settings panel: tags view, fixed header, sidebar logo, sidebar type and the theme colour. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const s = useSettings();
  const [themeOpen, setThemeOpen] = useState(false);
  return (
    <Drawer
      title={t('settings.title')}
      open={open}
      onClose={onClose}
      size={320}
      maskClosable={false}
      rootClassName="pv-settings"
    >
      <div data-testid="settings-panel">
        <Typography.Text type="secondary" className="pv-setting-section">
          {t('settings.appearance')}
        </Typography.Text>
        <Row label={t('settings.theme')}>
          <Button size="small" onClick={() => setThemeOpen(true)} data-testid="theme-open">
            <Flex align="center" gap={6}>
              <span className="pv-swatch" style={{ background: s.theme }} />
              {s.theme}
            </Flex>
          </Button>
        </Row>
        <Row label={t('settings.sidebarType')}>
          <Radio.Group
            value={s.sidebarType}
            onChange={(e) => s.change('sidebarType', e.target.value as 1 | 2)}
            optionType="button"
            size="small"
            data-testid="setting-sidebar-type"
            options={[
              { value: 1, label: t('settings.single') },
              { value: 2, label: t('settings.double') },
            ]}
          />
        </Row>
        <Divider style={{ margin: '12px 0' }} />
        <Typography.Text type="secondary" className="pv-setting-section">
          {t('settings.layout')}
        </Typography.Text>
        <Row label={t('settings.tagsView')}>
          <Switch checked={s.tagsView} onChange={(v) => s.change('tagsView', v)} data-testid="setting-tags-view" />
        </Row>
        <Row label={t('settings.fixedHeader')}>
          <Switch
            checked={s.fixedHeader}
            onChange={(v) => s.change('fixedHeader', v)}
            data-testid="setting-fixed-header"
          />
        </Row>
        <Row label={t('settings.sidebarLogo')}>
          <Switch
            checked={s.sidebarLogo}
            onChange={(v) => s.change('sidebarLogo', v)}
            data-testid="setting-sidebar-logo"
          />
        </Row>
      </div>
      <ThemeDrawer open={themeOpen} onClose={() => setThemeOpen(false)} />
    </Drawer>
  );
}
