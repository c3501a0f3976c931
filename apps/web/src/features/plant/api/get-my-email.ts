import type { Profile } from '@pv/contract';
import { useQuery } from '@tanstack/react-query';
import { profileQuery } from '@/api/profile';

/** The signed-in user's e-mail: the authoriser, whom the authorised list may not contain (spec §5). */
export const useMyEmail = () => useQuery({ ...profileQuery(), select: (p: Profile) => p.email });
