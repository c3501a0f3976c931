import { Select, type SelectProps } from 'antd';
import { useState } from 'react';

export interface RemoteOption<V> {
  value: V;
  label: string;
}

export interface RemoteSelectProps<V extends string | number> extends Omit<
  SelectProps<V>,
  'options' | 'showSearch' | 'loading' | 'value' | 'onChange'
> {
  /** The options for what is typed: the server searches ('' asks for the first page). */
  useOptions: (search: string) => { options: RemoteOption<V>[]; loading: boolean };
  value?: V | null;
  onChange?: (value: V | null) => void;
  /** The current value's label, shown when the search's page does not hold it. */
  currentLabel?: string | null;
}

/** A select whose options the server searches as the user types (a plant, a device, a collector). */
export function RemoteSelect<V extends string | number>({
  useOptions,
  value,
  onChange,
  currentLabel,
  ...select
}: RemoteSelectProps<V>) {
  const [search, setSearch] = useState('');
  const { options, loading } = useOptions(search);
  const shown =
    value != null && currentLabel && !options.some((o) => o.value === value)
      ? [{ value, label: currentLabel }, ...options]
      : options;
  return (
    <Select<V>
      {...select}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={loading}
      value={value ?? undefined}
      onChange={(v?: V) => onChange?.(v ?? null)}
      options={shown}
      notFoundContent={loading ? undefined : select.notFoundContent}
    />
  );
}
