import { defineConfig } from 'drizzle-kit';

// drizzle-kit generates named SQL migrations from src-main/db/schema.ts: npm run db:generate -- --name what_changed
export default defineConfig({
  dialect: 'sqlite',
  schema: './src-main/db/schema.ts',
  out: './migrations',
  strict: true,
  verbose: true,
});
