import { Button, Card, Skeleton } from 'antd';
import { Result } from '@/components/result';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useLivePlants } from '@/lib/live';
import { plantQuery, usePlant } from '@/features/plant/api/get-plant';
import { lazyNamed } from '@/components/lazy-modal';

// the page of a plant that was read: its charts, tables and tabs (components/plant-detail-view.tsx)
const loadView = () => import('@/features/plant/components/plant-detail-view');
const PlantDetailView = lazyNamed(loadView, 'PlantDetailView');

/**
 * /power_station/power_station_detail?id=…: facts, weather, production, energy flow, devices, faults,
 * authorised users. The figures, the devices and faults tabs and today's chart are read again when a
 * live event names the plant.
 */
export default function PlantDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const { data: p, isLoading, isError } = usePlant(id);
  useLivePlants([id], plantQuery(id).queryKey, { enabled: id > 0 });
  // the view's code loads while the plant is read, not after
  useEffect(() => {
    if (id > 0) void loadView();
  }, [id]);

  if (!id || isError)
    return (
      <Card>
        <Result
          status="404"
          title={t('plant.notFound')}
          extra={
            <Button onClick={() => void navigate('/power_station/power_station_list')}>{t('plant.backToList')}</Button>
          }
        />
      </Card>
    );
  const skeleton = (
    <Card>
      <Skeleton active />
    </Card>
  );
  if (isLoading || !p) return skeleton;
  return (
    <Suspense fallback={skeleton}>
      <PlantDetailView plant={p} />
    </Suspense>
  );
}
