-- Rate limits shared by every process on one PostgreSQL: one row per rule and address, counting the
-- requests of its current window (the embedded database has one process, which counts in memory).
create table rate_limit_counters (
  key text primary key,
  hits integer not null,
  expires_at timestamptz not null
);
create index rate_limit_counters_expiry_idx on rate_limit_counters (expires_at);
