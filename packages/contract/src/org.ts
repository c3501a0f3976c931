import { z } from 'zod';

export const orgRow = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
  code: z.string(),
  groupCode: z.string(),
  groupName: z.string(),
  address: z.string().nullable(),
  contact: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: z.number(),
});
export type OrgRow = z.infer<typeof orgRow>;
