import type pg from 'pg';

/**
 * The pool of tenant connections beside each server pool (openDatabase): kept apart, because its
 * idle connections hold a company's settings and the server's own work must never get one
 * (decision 072, amended).
 */
const tenantPools = new WeakMap<pg.Pool, pg.Pool>();

export function registerTenantPool(pool: pg.Pool, tenantPool: pg.Pool): void {
  tenantPools.set(pool, tenantPool);
}

export function tenantPoolBeside(pool: pg.Pool): pg.Pool | undefined {
  return tenantPools.get(pool);
}
