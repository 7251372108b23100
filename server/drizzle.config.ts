import { defineConfig } from 'drizzle-kit';

/** `npm run migrations -w @formsign/server`: a new migration from the schema's changes. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
