import { useTranslation } from 'react-i18next';
import { RemoteSelect } from '@/components/remote-select';
import { usePlantSearch } from '@/features/device/api/search-plants';

const useOptions = (name: string) => {
  const { data, isFetching } = usePlantSearch(name);
  return { options: (data?.rows ?? []).map((p) => ({ value: p.id, label: p.name })), loading: isFetching };
};

/**
 * The plant a device is bound to, searched by name in the plant list of the caller's scope.
 * Every form of the device screens goes through this one component (value: the plant id).
 */
export function PlantSelect({
  value,
  onChange,
  id,
  currentName,
}: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  id?: string;
  currentName?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <RemoteSelect<number>
      id={id}
      allowClear
      useOptions={useOptions}
      value={value}
      onChange={onChange}
      currentLabel={currentName}
      placeholder={t('device.plantSearch')}
      style={{ width: '100%' }}
      data-testid="plant-select"
    />
  );
}
