import { CompressOutlined, ExpandOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import screenfull from 'screenfull';
import { useFeedback } from '@/lib/feedback';

/** The navbar's full-screen button (a warning where the browser has no full-screen API). */
export function FullscreenToggle() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [full, setFull] = useState(false);
  useEffect(() => {
    if (!screenfull.isEnabled) return;
    const onChange = () => setFull(screenfull.isFullscreen);
    screenfull.on('change', onChange);
    return () => screenfull.off('change', onChange);
  }, []);
  const toggle = () => {
    if (!screenfull.isEnabled) {
      void message.warning(t('error.fullscreenUnsupported'));
      return;
    }
    void screenfull.toggle();
  };
  const label = t(full ? 'layout.exitFullscreen' : 'layout.fullscreen');
  return (
    <Tooltip title={label}>
      <button type="button" className="pv-icon-button" onClick={toggle} aria-label={label} data-testid="fullscreen">
        {full ? <CompressOutlined /> : <ExpandOutlined />}
      </button>
    </Tooltip>
  );
}
