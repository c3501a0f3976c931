import { sql } from 'kysely';
import { isPostgres, type Db } from './support.js';

/**
 * Each role's permission codes, kept on the role (`roles.perms`, a JSON array of the distinct
 * `resources.perm` of its resources) by triggers on role_resources and resources, whoever writes
 * them (the role and resource screens, the seeds, a resource upgrade, a cascade). Every signed-in
 * request reads its session with its roles' permissions: gathering them from role_resources and
 * resources took about 50 of the session query's 60 µs for the administrator's 141 grants
 * (docs/performance.md); reading a text per role does not.
 *
 * In PostgreSQL the trigger first locks the role's row, and the statement after it sees what the
 * transaction that held the lock committed: two edits of one role at once cannot leave the
 * permissions of the first.
 */
const SQLITE_PERMS_OF = (roleId: string) => `(select coalesce(json_group_array(distinct res.perm), '[]')
  from role_resources rr inner join resources res on res.id = rr.resource_id
  where rr.role_id = ${roleId} and res.perm is not null)`;

export async function up(db: Db): Promise<void> {
  const pg = await isPostgres(db);
  await db.schema
    .alterTable('roles')
    .addColumn('perms', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  if (pg) {
    await sql`create function role_perms_of(rid integer) returns text language sql volatile as $$
      select coalesce(json_agg(distinct res.perm)::text, '[]')
      from role_resources rr inner join resources res on res.id = rr.resource_id
      where rr.role_id = rid and res.perm is not null
    $$`.execute(db);
    await sql`create function role_perms_refresh_role(rid integer) returns void language plpgsql volatile as $$
      begin
        perform 1 from roles where id = rid for update;
        update roles set perms = role_perms_of(rid) where id = rid;
      end
    $$`.execute(db);
    await sql`create function role_perms_trigger() returns trigger language plpgsql as $$
      declare rid integer;
      begin
        if tg_table_name = 'role_resources' then
          if tg_op in ('INSERT', 'UPDATE') then perform role_perms_refresh_role(new.role_id); end if;
          if tg_op in ('DELETE', 'UPDATE') then perform role_perms_refresh_role(old.role_id); end if;
        else
          for rid in select rr.role_id from role_resources rr where rr.resource_id = new.id order by rr.role_id loop
            perform role_perms_refresh_role(rid);
          end loop;
        end if;
        return null;
      end
    $$`.execute(db);
    await sql`create trigger role_perms_grants after insert or update or delete on role_resources
      for each row execute function role_perms_trigger()`.execute(db);
    await sql`create trigger role_perms_resources after update of perm on resources
      for each row execute function role_perms_trigger()`.execute(db);
    await sql`update roles set perms = role_perms_of(id)`.execute(db);
    return;
  }
  const refresh = (role: string) => `update roles set perms = ${SQLITE_PERMS_OF(role)} where id = ${role};`;
  const triggers: Record<string, [string, string]> = {
    grant_added: ['after insert on role_resources', refresh('new.role_id')],
    grant_removed: ['after delete on role_resources', refresh('old.role_id')],
    grant_changed: ['after update on role_resources', `${refresh('old.role_id')} ${refresh('new.role_id')}`],
    resource_changed: [
      'after update of perm on resources',
      `update roles set perms = ${SQLITE_PERMS_OF('roles.id')}
        where id in (select rr.role_id from role_resources rr where rr.resource_id = new.id);`,
    ],
  };
  for (const [name, [event, body]] of Object.entries(triggers))
    await sql.raw(`create trigger role_perms_${name} ${event} begin ${body} end`).execute(db);
  await sql.raw(`update roles set perms = ${SQLITE_PERMS_OF('roles.id')}`).execute(db);
}

export async function down(db: Db): Promise<void> {
  const pg = await isPostgres(db);
  if (pg) {
    await sql`drop trigger if exists role_perms_resources on resources`.execute(db);
    await sql`drop trigger if exists role_perms_grants on role_resources`.execute(db);
    await sql`drop function if exists role_perms_trigger()`.execute(db);
    await sql`drop function if exists role_perms_refresh_role(integer)`.execute(db);
    await sql`drop function if exists role_perms_of(integer)`.execute(db);
  } else {
    for (const t of ['grant_added', 'grant_removed', 'grant_changed', 'resource_changed'])
      await sql.raw(`drop trigger if exists role_perms_${t}`).execute(db);
  }
  await db.schema.alterTable('roles').dropColumn('perms').execute();
}
