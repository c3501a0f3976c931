import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { SessionUser } from './types.js';

/**
 * The data scope of ARCHITECTURE §4 as a WHERE condition on rows that belong to an organisation
 * (`<orgAlias>.path`, `<orgAlias>.id`) and optionally to a user (`ownerColumn`): all, own
 * organisation and descendants, own organisation, or own records.
 */
export function inScope(user: SessionUser, orgAlias: string, ownerColumn?: string): RawBuilder<SqlBool> {
  switch (user.dataScope) {
    case 'all':
      return sql<SqlBool>`1 = 1`;
    case 'orgAndChildren':
      return sql<SqlBool>`${sql.ref(`${orgAlias}.path`)} like ${`${user.orgPath}%`}`;
    case 'org':
      return sql<SqlBool>`${sql.ref(`${orgAlias}.id`)} = ${user.orgId}`;
    case 'self':
      return ownerColumn
        ? sql<SqlBool>`${sql.ref(ownerColumn)} = ${user.id}`
        : sql<SqlBool>`${sql.ref(`${orgAlias}.id`)} = ${user.orgId}`;
  }
}

/**
 * Whether `me` reads a person's contact details (phone, e-mail, address) as they are: with the
 * sensitive-data grant, or when they are its own: the person's user account is `me`. Masking
 * keeps a person's data from others, never from themselves (a customer on its own plant).
 */
export function seesContactOf(me: Pick<SessionUser, 'id' | 'sensitive'>, personUserId: number | null | undefined) {
  return me.sensitive || (personUserId !== null && personUserId !== undefined && personUserId === me.id);
}

/** 138****5678, a***@example.com: what a role without the sensitive-data grant sees. */
export function maskMobile(v: string | null): string | null {
  if (!v) return v;
  return v.length <= 7 ? `${v.slice(0, 1)}****` : `${v.slice(0, 3)}****${v.slice(-4)}`;
}

export function maskEmail(v: string | null): string | null {
  if (!v) return v;
  const at = v.indexOf('@');
  return at <= 0 ? '****' : `${v.slice(0, 1)}***${v.slice(at)}`;
}
