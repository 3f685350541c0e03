import pg from 'pg';

/**
 * Settings (`spanwatch.*`, `role`) a connection is given for one request, by name. The values
 * are inlined as quoted literals rather than sent as parameters: only the simple protocol carries
 * several statements in one message, and one message is one round trip (decision 072).
 */
export type ConnectionSettings = ReadonlyMap<string, string>;

/** Only our own setting names are ever inlined; a value is always quoted. */
const SETTING_NAME = /^[a-z_]+(\.[a-z_]+)?$/;

function checkedName(name: string): string {
  if (!SETTING_NAME.test(name)) throw new Error(`not a setting name: ${name}`);
  return name;
}

/**
 * One `SELECT set_config(...)` for all the settings: `local` lasts until the transaction ends,
 * otherwise until the session resets it.
 */
export function setSettingsStatement(settings: ConnectionSettings, local: boolean): string {
  const calls = [...settings].map(
    ([name, value]) =>
      `set_config(${pg.escapeLiteral(checkedName(name))}, ${pg.escapeLiteral(value)}, ${local})`,
  );
  return `SELECT ${calls.join(', ')}`;
}
