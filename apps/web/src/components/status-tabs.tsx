import { Button, Flex, Tabs } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { usePhone } from '@/lib/use-phone';

export interface StatusTab<K extends string> {
  key: K;
  /** what the tab says: a status and its count ("Fault (15)") */
  label: ReactNode;
}

/**
 * A list's status filter as tabs. On a phone antd's tab bar is wider than the screen in Spanish or
 * Japanese ("Sin conexión (0)", "確認済み") and either scrolls the page sideways or hides tabs behind
 * "…"; there the tabs are a wrapping row of buttons, every label whole (issue 42).
 */
export function StatusTabs<K extends string>({
  items,
  active,
  onChange,
  style,
}: {
  items: readonly StatusTab<K>[];
  active: K;
  onChange: (key: K) => void;
  style?: CSSProperties;
}) {
  const phone = usePhone();
  if (!phone)
    return (
      <Tabs
        activeKey={active}
        onChange={(k) => onChange(k as K)}
        items={items.map((i) => ({ key: i.key, label: i.label }))}
        style={style}
      />
    );
  return (
    <Flex wrap gap={8} role="tablist" style={{ paddingBlock: 8, ...style }} data-testid="status-tabs">
      {items.map((i) => (
        <Button
          key={i.key}
          role="tab"
          aria-selected={i.key === active}
          shape="round"
          color={i.key === active ? 'primary' : 'default'}
          variant={i.key === active ? 'solid' : 'outlined'}
          onClick={() => i.key !== active && onChange(i.key)}
        >
          {i.label}
        </Button>
      ))}
    </Flex>
  );
}
