import { useTranslation } from 'react-i18next';
import { RemoteSelect } from '@/components/remote-select';
import { useCollectorOptions } from '@/features/device/api/get-collector-options';

const useOptions = (sn: string) => {
  const { data, isFetching } = useCollectorOptions(sn);
  return {
    options: (data?.rows ?? []).map((d) => ({ value: d.sn, label: `${d.sn} · ${d.name}` })),
    loading: isFetching,
  };
};

/**
 * The collector a device reports through (value: its SN, as the list's `parentSn`), searched by SN
 * among the collectors of the caller's scope. Empty: the device reports on its own.
 */
export function CollectorSelect({
  value,
  onChange,
  id,
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  return (
    <RemoteSelect<string>
      id={id}
      allowClear
      useOptions={useOptions}
      value={value}
      onChange={onChange}
      currentLabel={value}
      placeholder={t('device.collectorSearch')}
      notFoundContent={t('device.noCollector')}
      style={{ width: '100%' }}
      data-testid="collector-select"
    />
  );
}
