import { GlobalOutlined } from '@ant-design/icons';
import { SWITCHER_LANGUAGES, type Language } from '@pv/contract';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../../lib/i18n';

// Each language is named in itself, so a reader of either finds theirs.
const NAMES: Record<string, string> = { zh: '中文', en: 'English' };

/** The zh/en switcher of spec §1: stores the choice and reloads the page. */
export function LanguageSwitch({ testId = 'language-switch' }: { testId?: string }) {
  const { i18n, t } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: SWITCHER_LANGUAGES.map((l) => ({ key: l, label: NAMES[l] ?? l })),
        onClick: ({ key }) => {
          if (key !== i18n.language) setLanguage(key as Language);
        },
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('common.language')} data-testid={testId} style={{ color: 'inherit' }}>
        {NAMES[i18n.language] ?? 'English'}
      </Button>
    </Dropdown>
  );
}
