import type { FaultTransitionBody } from '@pv/contract';
import { http } from '@/lib/http';
import { useFaultMutation } from './fault-mutation';

/** → fixed ("Repair Success" is the envelope's `msg`). */
export const repairFault = ({ id, note }: { id: number } & FaultTransitionBody) =>
  http.putEnvelope<null>(`/faults/${id}/repair`, note ? { note } : {});

export const useRepairFault = () => useFaultMutation(repairFault);
