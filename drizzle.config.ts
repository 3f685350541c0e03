import { defineConfig } from 'drizzle-kit';

// One schema, one migrations folder; the SQL is plain PostgreSQL and runs on PGlite too.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
