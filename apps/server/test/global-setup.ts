import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/database.ts";
import { seedDatabase } from "../src/seed.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplateDatabase: string;
  }
}

export const POSTGRES_TEMPLATE_DATABASE = "playfair_template";

/**
 * Migrating and seeding costs seconds (PGlite's first start alone is about 4 s), so it happens
 * once per run; every test file then starts from a copy of that template.
 */
export default async function setup(project: TestProject) {
  // Asked for PostgreSQL without saying where: refuse, rather than quietly testing PGlite again.
  if (process.env.TEST_DATABASE === "postgres" && !process.env.TEST_DATABASE_URL) {
    throw new Error("TEST_DATABASE=postgres needs TEST_DATABASE_URL (a PostgreSQL server the tests may create databases on); npm test starts one itself.");
  }
  const postgresUrl = process.env.TEST_DATABASE === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
  if (postgresUrl) {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${POSTGRES_TEMPLATE_DATABASE} with (force)`);
    await admin.query(`create database ${POSTGRES_TEMPLATE_DATABASE}`);
    await admin.end();
    const templateUrl = new URL(postgresUrl);
    templateUrl.pathname = `/${POSTGRES_TEMPLATE_DATABASE}`;
    const template = await openDatabase({ driver: "postgres", url: templateUrl.href, poolSize: 1 });
    await template.migrate();
    await seedDatabase(template.db);
    await template.close();
    project.provide("postgresTemplateDatabase", POSTGRES_TEMPLATE_DATABASE);
    project.provide("pgliteTemplatePath", "");
    return;
  }

  const directory = await mkdtemp(path.join(os.tmpdir(), "playfair-pglite-template-"));
  const template = await openDatabase({ driver: "pglite" });
  await template.migrate();
  await seedDatabase(template.db);
  const pglite = (template.db as unknown as { $client: { dumpDataDir(compression?: "none"): Promise<Blob> } }).$client;
  const dump = await pglite.dumpDataDir("none");
  await template.close();
  const templatePath = path.join(directory, "template.tar");
  await writeFile(templatePath, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplatePath", templatePath);
  project.provide("postgresTemplateDatabase", "");
  return async () => {
    await rm(directory, { recursive: true, force: true });
  };
}
