import type { FaultNoteBody } from '@pv/contract';
import { http } from '@/lib/http';
import { useFaultMutation } from './fault-mutation';

export const addFaultNote = async ({ id, note }: { id: number } & FaultNoteBody) => {
  await http.post<null>(`/faults/${id}/notes`, { note });
  return { msg: '' };
};

export const useAddFaultNote = () => useFaultMutation(addFaultNote);
