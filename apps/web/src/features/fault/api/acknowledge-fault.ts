import type { FaultTransitionBody } from '@pv/contract';
import { http } from '@/lib/http';
import { useFaultMutation } from './fault-mutation';

/** open → acknowledged; answers the server's envelope (its `msg` is the toast). */
export const acknowledgeFault = ({ id, note }: { id: number } & FaultTransitionBody) =>
  http.putEnvelope<null>(`/faults/${id}/acknowledge`, note ? { note } : {});

export const useAcknowledgeFault = () => useFaultMutation(acknowledgeFault);
