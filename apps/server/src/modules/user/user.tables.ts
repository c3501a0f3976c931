import type { ColumnType, Generated } from 'kysely';

// The tables the user module owns.

export interface UsersTable {
  id: Generated<number>;
  org_id: number;
  login_name: string;
  nickname: string;
  password_hash: string;
  mobile: string | null;
  email: string | null;
  state: 'enabled' | 'disabled';
  avatar: string;
  introduction: string;
  created_at: number;
  /** IANA zone for audit and system times; null: the browser's. */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

declare module '../../db/database.js' {
  interface Database {
    users: UsersTable;
    user_roles: UserRolesTable;
  }
}
