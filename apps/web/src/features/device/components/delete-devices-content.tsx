import type { DeviceRow } from '@pv/contract';
import { Checkbox, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface BoundPlant {
  id: number;
  name: string;
}

/**
 * The plants the chosen devices are bound to, each once, as the loaded rows name them. A sub
 * device is bound through its collector: its plant can only go with the collector.
 */
export function boundPlantsOf(devices: readonly Pick<DeviceRow, 'parentSn' | 'plantId' | 'plantName'>[]): BoundPlant[] {
  const plants = new Map<number, string>();
  for (const d of devices) if (!d.parentSn && d.plantId !== null) plants.set(d.plantId, d.plantName ?? `#${d.plantId}`);
  return [...plants].map(([id, name]) => ({ id, name }));
}

export interface DeleteDevicesContentProps {
  count: number;
  plants: BoundPlant[];
  /** The user holds plant:delete: the bound plants may go too (the server checks it again). */
  canDeletePlant: boolean;
  onWithPlantChange: (withPlant: boolean) => void;
}

/**
 * The body of the device deletion's confirmation (spec §8): what goes with the devices, the
 * plants they are bound to and, with plant:delete, the choice to delete those plants as well.
 */
export function DeleteDevicesContent({ count, plants, canDeletePlant, onWithPlantChange }: DeleteDevicesContentProps) {
  const { t } = useTranslation();
  const [withPlant, setWithPlant] = useState(false);
  return (
    <>
      <div>{t('device.confirmDelete', { count })}</div>
      {plants.length > 0 && (
        <div style={{ marginTop: 12 }} data-testid="delete-bound-plants">
          <Typography.Text strong>{t('device.boundPlants', { count: plants.length })}</Typography.Text>
          {/* six and a half lines: a cut line says the list scrolls */}
          <ul style={{ margin: '4px 0 0', paddingInlineStart: 20, maxHeight: '10.2em', overflowY: 'auto' }}>
            {plants.map((p) => (
              <li key={p.id}>{p.name}</li>
            ))}
          </ul>
        </div>
      )}
      {plants.length > 0 && canDeletePlant && (
        <div style={{ marginTop: 12 }}>
          <Checkbox
            checked={withPlant}
            onChange={(e) => {
              setWithPlant(e.target.checked);
              onWithPlantChange(e.target.checked);
            }}
            data-testid="delete-with-plant"
          >
            {plants.length === 1 ? t('device.deleteWithPlant') : t('device.deleteWithPlants', { count: plants.length })}
          </Checkbox>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', paddingInlineStart: 24 }}>
            {t('device.deleteWithPlantHelp')}
          </Typography.Paragraph>
        </div>
      )}
    </>
  );
}
