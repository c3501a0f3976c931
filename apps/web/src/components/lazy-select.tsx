import { DownOutlined } from '@ant-design/icons';
import { Button, type SelectProps } from 'antd';
import { lazy, Suspense, type CSSProperties } from 'react';
import { useStandIn } from '@/lib/use-stand-in';

// antd's Select (rc-select, its virtual list and option list: 24 KB gzip) loads when the user first
// points at or focuses the choice, not with a page whose only select shows a value (a chart's point):
// a button with the chosen option's label stands in.
const loadSelect = () => import('antd/es/select');
const AntSelect = lazy(() => loadSelect().then((m) => ({ default: m.default })));

type Option = { value: string | number; label: string };

export interface LazySelectProps<V extends string | number> extends Omit<SelectProps<V>, 'options'> {
  options: (Option & { value: V })[];
  style?: CSSProperties;
  'data-testid'?: string;
}

/** antd's Select with plain options, its code loaded on the first pointer or focus. */
export function LazySelect<V extends string | number>(props: LazySelectProps<V>) {
  const { active, opened, open } = useStandIn();
  const label = props.options.find((o) => o.value === props.value)?.label;
  const standIn = (
    <Button
      style={{ justifyContent: 'space-between', textAlign: 'start', ...props.style }}
      disabled={props.disabled}
      aria-haspopup="listbox"
      aria-label={typeof props['aria-label'] === 'string' ? props['aria-label'] : undefined}
      icon={<DownOutlined style={{ fontSize: 12, opacity: 0.45 }} />}
      iconPlacement="end"
      onPointerEnter={() => void loadSelect()}
      onFocus={open}
      onClick={open}
      data-testid={props['data-testid']}
    >
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{label ?? props.placeholder}</span>
    </Button>
  );
  if (!active) return standIn;
  return (
    <Suspense fallback={standIn}>
      <AntSelect {...(props as SelectProps)} autoFocus={opened || props.autoFocus} defaultOpen={opened || undefined} />
    </Suspense>
  );
}
