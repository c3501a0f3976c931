import type { FaultTransitionBody } from '@pv/contract';
import { http } from '@/lib/http';
import { useFaultMutation } from './fault-mutation';

/** open / acknowledged → inProgress; answers the server's envelope (its `msg` is the toast). */
export const startFault = ({ id, note }: { id: number } & FaultTransitionBody) =>
  http.putEnvelope<null>(`/faults/${id}/start`, note ? { note } : {});

export const useStartFault = () => useFaultMutation(startFault);
