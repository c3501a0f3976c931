import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCollectorOptions } from '../api/get-collector-options';

/**
 * The collector a device reports through (value: its SN, as the list's `parentSn`), searched by SN
 * among the collectors of the caller's scope. Empty: the device reports on its own.
 */
export function CollectorSelect({ value, onChange, id }: { value?: string | null; onChange?: (v: string | null) => void; id?: string }) {
  const { t } = useTranslation();
  const [sn, setSn] = useState('');
  const { data, isFetching } = useCollectorOptions(sn);
  const options = (data?.rows ?? []).map((d) => ({ value: d.sn, label: `${d.sn} · ${d.name}` }));
  // the current collector stays readable when it is not on the first page of the search
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: value });
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSn }}
      loading={isFetching}
      value={value ?? undefined}
      onChange={(v?: string) => onChange?.(v ?? null)}
      placeholder={t('device.collectorSearch')}
      notFoundContent={isFetching ? undefined : t('device.noCollector')}
      options={options}
      style={{ width: '100%' }}
      data-testid="collector-select"
    />
  );
}
