import { FontSizeOutlined } from '@ant-design/icons';
import { SIZES, type Size } from '@pv/contract';
import { Dropdown, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApp } from '@/stores/app';
import { useFeedback } from '@/lib/feedback';

/** The navbar's component-size menu. */
export function SizeSwitch() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const size = useApp((s) => s.size);
  const setSize = useApp((s) => s.setSize);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((s) => ({ key: s, label: t(`layout.sizes.${s}`) })),
        onClick: ({ key }) => {
          if (key === size) return;
          setSize(key as Size);
          void message.success(t('layout.sizeChanged'));
        },
      }}
    >
      <Tooltip title={t('layout.size')}>
        <button type="button" className="pv-icon-button" aria-label={t('layout.size')} data-testid="size-switch">
          <FontSizeOutlined />
        </button>
      </Tooltip>
    </Dropdown>
  );
}
