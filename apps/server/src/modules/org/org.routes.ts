import { API_BASE, envelope, orgRow, translate } from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inScope, maskMobile } from '../../lib/scope.js';
import { userOf } from '../../lib/types.js';

export const orgRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(`${API_BASE}/orgs`, { config: { access: { perm: 'org:list' } }, schema: { tags: ['organisations'], summary: 'Organisations in your data scope (a tree by parentId)', response: { 200: envelope(z.array(orgRow)) } } }, async (req) => {
    const me = userOf(req);
    const rows = await app.db
      .selectFrom('orgs as o')
      .innerJoin('org_groups as g', 'g.id', 'o.group_id')
      .select(['o.id', 'o.parent_id', 'o.name', 'o.code', 'o.address', 'o.contact', 'o.phone', 'o.created_at', 'g.code as group_code', 'g.name as group_name'])
      .where(inScope(me, 'o'))
      .orderBy('o.path')
      .execute();
    return {
      code: 200,
      msg: translate(req.lang, 'success.ok'),
      data: rows.map((o) => ({ id: o.id, parentId: o.parent_id, name: o.name, code: o.code, groupCode: o.group_code, groupName: o.group_name, address: o.address, contact: o.contact, phone: me.sensitive ? o.phone : maskMobile(o.phone), createdAt: o.created_at })),
    };
  });
};
