import { useSearchParams } from 'react-router';

/** The `?id=` of the device pages (0 when absent or not a number). */
export function useDeviceId(): number {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? id : 0;
}
