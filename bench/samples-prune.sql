-- Prune cost on PostgreSQL: DELETE of a day from a plain table vs DROP of a day partition (docs/operations.md).
-- Run: psql -q postgres://postgres@127.0.0.1:5432/postgres -f bench/samples-prune.sql (makes and drops pv_part_bench).
\timing on
drop database if exists pv_part_bench;
create database pv_part_bench;
\c pv_part_bench
-- 1000 devices, one sample a minute over 2 UTC days = 2,880,000 rows; prune the first day (1,440,000 rows)
create table plain (device_id int not null, ts bigint not null, points text not null, received_at bigint not null, primary key (device_id, ts));
create table parted (device_id int not null, ts bigint not null, points text not null, received_at bigint not null, primary key (device_id, ts)) partition by range (ts);
create table parted_d1 partition of parted for values from (0) to (86400000);
create table parted_d2 partition of parted for values from (86400000) to (172800000);
insert into plain select d, m * 60000, '{"acPower":1234.5,"energyTotal":10.5}', 0 from generate_series(1,1000) d, generate_series(0, 2879) m;
insert into parted select * from plain;
vacuum analyze plain; vacuum analyze parted;
\echo DELETE of day 1 (plain table)
delete from plain where ts < 86400000;
\echo count + DROP of the day-1 partition
select count(*) from parted_d1;
drop table parted_d1;
select count(*) from plain;
select count(*) from parted;
\c postgres
drop database pv_part_bench;
