import { CalendarOutlined } from '@ant-design/icons';
import { ConfigProvider } from 'antd';
// the plain input (not antd's Input with its TextArea, Password, Search and OTP: 9 KB gzip)
import Input from 'antd/es/input/Input';
import type { DatePickerProps as AntDatePickerProps, RangePickerProps } from 'antd/es/date-picker';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useContext, type ReactElement } from 'react';
import { useStandIn } from '@/lib/use-stand-in';

// antd's date pickers (their panels and dayjs' plugins, 31 KB gzip) load when the user first goes to
// one, not with the page that shows it: a read-only input with the picker's placeholder stands in.
const loadPickers = () => import('antd/es/date-picker');
const AntRangePicker = lazy(() => loadPickers().then((m) => ({ default: m.default.RangePicker })));
const AntDatePicker = lazy(() => loadPickers().then((m) => ({ default: m.default<Dayjs, false> })));

/** One day, month or year (not several). */
type DatePickerProps = AntDatePickerProps<Dayjs, false>;

type Value = RangePickerProps['value'] | DatePickerProps['value'];
const isSet = (value: Value) => (Array.isArray(value) ? value.some(Boolean) : !!value);

interface StandInProps {
  value: Value;
  placeholder: string;
  id?: string;
  size?: DatePickerProps['size'];
  style?: DatePickerProps['style'];
  'data-testid'?: string;
  /** the real picker, opened when the stand-in was used */
  picker: (opened: boolean) => ReactElement;
}

/** The stand-in until the picker is first pointed at or focused; the picker itself once it is. */
function LazyPicker({ value, placeholder, picker, ...input }: StandInProps) {
  // a value to show (a filter from the URL): the picker itself at once
  const { active, opened, open } = useStandIn(isSet(value));
  const standIn = (
    <Input
      readOnly
      {...input}
      placeholder={placeholder}
      suffix={<CalendarOutlined aria-hidden style={{ opacity: 0.45 }} />}
      onPointerEnter={() => void loadPickers()}
      onFocus={open}
      onClick={open}
    />
  );
  if (!active) return standIn;
  return <Suspense fallback={standIn}>{picker(opened)}</Suspense>;
}

/** A filter's date range: antd's RangePicker, its code loaded on the first pointer or focus. */
export function RangePicker(props: RangePickerProps & { 'data-testid'?: string }) {
  const { locale } = useContext(ConfigProvider.ConfigContext);
  const [start, end] = locale?.DatePicker?.lang.rangePlaceholder ?? ['', ''];
  return (
    <LazyPicker
      value={props.value}
      placeholder={`${start} → ${end}`}
      id={typeof props.id === 'string' ? props.id : props.id?.start}
      size={props.size}
      style={props.style}
      data-testid={props['data-testid']}
      picker={(opened) => (
        <AntRangePicker {...props} autoFocus={opened || props.autoFocus} defaultOpen={opened || undefined} />
      )}
    />
  );
}

/** A day, month or year: antd's DatePicker, its code loaded on the first pointer or focus. */
export function DatePicker(props: DatePickerProps & { 'data-testid'?: string }) {
  const { locale } = useContext(ConfigProvider.ConfigContext);
  const lang = locale?.DatePicker?.lang;
  const placeholder =
    (props.picker === 'month' ? lang?.monthPlaceholder : props.picker === 'year' ? lang?.yearPlaceholder : undefined) ??
    lang?.placeholder ??
    '';
  return (
    <LazyPicker
      value={props.value}
      placeholder={typeof props.placeholder === 'string' ? props.placeholder : placeholder}
      id={props.id}
      size={props.size}
      style={props.style}
      data-testid={props['data-testid']}
      picker={(opened) => (
        <AntDatePicker {...props} autoFocus={opened || props.autoFocus} defaultOpen={opened || undefined} />
      )}
    />
  );
}
