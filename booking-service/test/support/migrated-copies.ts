/**
 * Vitest global setup: one migrated database per run for the lanes to copy (test/support/databases.ts), instead
 * of migrating a new one for every test file. PGlite: a copy of a migrated in-memory database, which each test
 * file's PGlite starts from (PGlite's initdb was most of the 3 s an open took; 0.45 s from the copy, measured
 * 2026-12-07). PostgreSQL: a migrated template database each test file's database is created from. What the
 * migrations do to a new database stays tested where a test opens one itself (the migration tests, the data
 * folders of the fault tests).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres, writeMigratedPgliteCopy } from '../../src/db/database.ts';
import { laneLeftOut } from './lane-selection.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite copy's file, or null when the PGlite lane does not run. */
    pgliteCopy: string | null;
    /** The migrated template database on TEST_POSTGRES_URL's server, or null when the PostgreSQL lane does not run. */
    postgresTemplate: string | null;
  }
}

async function onServer(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

async function migratedTemplate(adminUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `test_template_${randomBytes(6).toString('hex')}`;
  await onServer(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 2);
  await database.close();
  return { name, drop: () => onServer(adminUrl, `drop database if exists ${name} with (force)`) };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(tmpdir(), 'pglite-copy-'));
  let pgliteCopy: string | null = null;
  if (!laneLeftOut('pglite')) {
    pgliteCopy = path.join(folder, 'migrated.tar');
    await writeMigratedPgliteCopy(pgliteCopy);
  }
  const adminUrl = process.env.TEST_POSTGRES_URL;
  const template = adminUrl && !laneLeftOut('postgres') ? await migratedTemplate(adminUrl) : null;
  project.provide('pgliteCopy', pgliteCopy);
  project.provide('postgresTemplate', template?.name ?? null);
  return async () => {
    await template?.drop();
    await rm(folder, { recursive: true, force: true });
  };
}
