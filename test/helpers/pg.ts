import pg from "pg";

/** Runs one statement on its own connection (creating and dropping per-test schemas). */
export async function pgExec(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
