import { CalendarOutlined } from '@ant-design/icons';
import { ConfigProvider, Input } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import { lazy, Suspense, useContext, useState } from 'react';

// antd's range picker (its panels and dayjs' plugins, 31 KB gzip) loads when the user first goes to
// it, not with the list it filters: a read-only input with the picker's placeholders stands in.
const loadPicker = () => import('antd/es/date-picker');
const Picker = lazy(() => loadPicker().then((m) => ({ default: m.default.RangePicker })));

const isSet = (value: RangePickerProps['value']) => !!value && value.some(Boolean);

/** A filter's date range: antd's RangePicker, its code loaded on the first pointer or focus. */
export function RangePicker(props: RangePickerProps & { 'data-testid'?: string }) {
  const { locale } = useContext(ConfigProvider.ConfigContext);
  // a value to show (a filter from the URL): the picker itself at once
  const [active, setActive] = useState(() => isSet(props.value));
  const [opened, setOpened] = useState(false);
  if (!active && isSet(props.value)) setActive(true);
  const [start, end] = locale?.DatePicker?.lang.rangePlaceholder ?? ['', ''];
  const open = () => {
    setOpened(true);
    setActive(true);
  };
  const stub = (
    <Input
      readOnly
      id={typeof props.id === 'string' ? props.id : props.id?.start}
      style={props.style}
      placeholder={`${start} → ${end}`}
      suffix={<CalendarOutlined aria-hidden style={{ opacity: 0.45 }} />}
      onPointerEnter={() => void loadPicker()}
      onFocus={open}
      onClick={open}
      data-testid={props['data-testid']}
    />
  );
  if (!active) return stub;
  return (
    <Suspense fallback={stub}>
      <Picker {...props} autoFocus={opened || props.autoFocus} defaultOpen={opened || undefined} />
    </Suspense>
  );
}
