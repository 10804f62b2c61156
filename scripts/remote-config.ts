/**
 * `npm run config:set -- <key> '<json>'`: changes a remote config flag (e.g. maintenance_mode_web)
 * in the database the server uses (DATABASE_URL, else the PGlite folder). On PostgreSQL running
 * servers hear the change at once (NOTIFY); PGlite's folder is only free while the server is stopped.
 * Without arguments it prints the current config.
 */
import { getDbHandle } from '../src/platform/db/client';
import { getRemoteConfig, parseCliArgs, setRemoteConfigValue } from '../src/features/remote-config';

async function main(): Promise<number> {
  const command = parseCliArgs(process.argv.slice(2));
  if (command.kind === 'error') {
    console.error(command.message);
    return 1;
  }
  const handle = await getDbHandle();
  try {
    if (command.kind === 'set') {
      // The parsed value is already complete (defaults filled), so it is stored as shown.
      await setRemoteConfigValue(handle.db, command.key, command.value);
      console.log(`${command.key} = ${JSON.stringify(command.value)} (${handle.kind})`);
    } else {
      console.log(JSON.stringify(await getRemoteConfig(handle.db), null, 2));
    }
    return 0;
  } finally {
    // PGlite keeps the process alive and must flush its folder: always close.
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
