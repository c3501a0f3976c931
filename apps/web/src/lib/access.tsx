import { hasPerm } from '@pv/contract';
import type { ReactNode } from 'react';
import { useSession } from '@/stores/session';

/** The has-permission rule of spec §6 (display only; the server checks every call). */
export function useHasPerm(): (code: string) => boolean {
  const btns = useSession((s) => s.info?.btns);
  return (code) => hasPerm(btns, code);
}

/** Renders its children only when the signed-in user holds `perm`. */
export function Access({ perm, children }: { perm: string; children: ReactNode }) {
  return useHasPerm()(perm) ? <>{children}</> : null;
}
