import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlantOptions } from '../api/get-plant-options';

/**
 * The plant a device is bound to, searched by name in the plant list of the caller's scope.
 * Every form of the device screens goes through this one component (value: the plant id).
 */
export function PlantSelect({ value, onChange, id, currentName }: { value?: number | null; onChange?: (v: number | null) => void; id?: string; currentName?: string | null }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const { data, isFetching } = usePlantOptions(name);
  const options = (data?.rows ?? []).map((p) => ({ value: p.id, label: p.name }));
  // the bound plant stays readable when it is not on the first page of the search
  if (value && currentName && !options.some((o) => o.value === value)) options.unshift({ value, label: currentName });
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ filterOption: false, onSearch: setName }}
      loading={isFetching}
      value={value ?? undefined}
      onChange={(v?: number) => onChange?.(v ?? null)}
      placeholder={t('device.plantSearch')}
      options={options}
      style={{ width: '100%' }}
      data-testid="plant-select"
    />
  );
}
