// `npm run db:migrate`: applies the migrations and seeds the resource library on DATABASE_URL, without starting the app.
import { openDatabase } from '../db/client';
import { prepareDatabase } from '../db/migrate';
import { loadEnv } from '../server/env';

const env = loadEnv();
const database = await openDatabase({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
await prepareDatabase(database);
database.close();
console.log(`Migrations applied and resources seeded on ${env.DATABASE_URL}`);
