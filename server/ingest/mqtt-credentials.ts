import { assertAnswered, type DynsecAdmin, type DynsecCommand } from './dynsec-admin.ts';

/**
 * Per-bridge MQTT credentials on Mosquitto's dynamic security plugin (docs/decisions/010):
 * each live ingest token is a broker client `bridge-<bridge>-token-<id>` whose password is the
 * token, holding the bridge's role, which may publish only to `spanwatch/<bridge>/<stream>`.
 * The broker refuses everything else before the ingest ever sees it. Each such client may
 * connect only with its username as client id, so it cannot take over another client's session
 * (the server's above all), and no client receives messages unless a role allows it (issue 37,
 * finding 3). Mosquitto cannot keep a client id for one credential (any client without a pinned
 * id may connect with any id), so the server pins every other client too: then the server's
 * own client id is its credential's alone.
 */

export interface TokenRef {
  id: number;
  bridgeId: number;
}

export interface MqttCredentials {
  /** Creates the token's broker client; rejects when the broker does not confirm it. */
  grant(token: TokenRef, secret: string): Promise<void>;
  /** Deletes the token's broker client (the broker disconnects it at once). */
  withdraw(token: TokenRef): Promise<void>;
  /** Deletes every broker client and the role of a deleted bridge. */
  withdrawBridge(bridgeId: number): Promise<void>;
}

/** Without MQTT_DYNSEC the broker is not managed: tokens are only checked over HTTP. */
export const noMqttCredentials: MqttCredentials = {
  grant: async () => undefined,
  withdraw: async () => undefined,
  withdrawBridge: async () => undefined,
};

/** The role the server's own subscriber (and any other ingest process) holds. */
export const INGEST_ROLE = 'spanwatch-ingest';

export const mqttUsernameOf = (token: TokenRef) => `bridge-${token.bridgeId}-token-${token.id}`;
const TOKEN_USERNAME = /^bridge-(\d+)-token-(\d+)$/;
const bridgeRoleOf = (bridgeId: number) => `spanwatch-bridge-${bridgeId}`;

const bridgeTopic = (bridgeId: number) => `spanwatch/${bridgeId}/+`;

/** Creates the role, or adds its ACL back if someone removed it; both are no-ops when in place. */
function ensureRole(rolename: string, acltype: string, topic: string): DynsecCommand[] {
  return [
    { command: 'createRole', rolename, acls: [{ acltype, topic, allow: true }] },
    { command: 'addRoleACL', rolename, acltype, topic, allow: true },
  ];
}
/** What the ingest role receives: the readings its shared subscription asks for. */
const RECEIVE_READINGS = { acltype: 'publishClientReceive', topic: 'spanwatch/#', allow: true };
const ALREADY_THERE = ['Role already exists', 'ACL with this topic already exists'];
/** The role `mosquitto_ctrl dynsec init` gives the broker's administrator. */
const ADMIN_ROLE = 'admin';

interface BrokerClient {
  username: string;
  clientid?: string;
  roles?: { rolename: string }[];
}

/**
 * The clients to pin to their username as client id: a token's client that has another id, and
 * any other client without one (another ingest process, a monitor), except the server's own
 * credential and the broker's administrators, who may change any pin anyway.
 */
function clientsToPin(clients: BrokerClient[], serverUsername: string): string[] {
  return clients
    .filter((client) => client.username !== serverUsername)
    .filter((client) => !client.roles?.some((role) => role.rolename === ADMIN_ROLE))
    .filter((client) =>
      TOKEN_USERNAME.test(client.username)
        ? client.clientid !== client.username
        : client.clientid === undefined,
    )
    .map((client) => client.username);
}

export interface ReconcileReport {
  /** Broker clients deleted because their token is revoked or gone. */
  removed: string[];
  /** Live tokens without a broker client: the secret is not kept, so they cannot be recreated. */
  missing: TokenRef[];
}

export function dynsecCredentials(admin: DynsecAdmin, ingestUsername: string) {
  async function brokerClients(): Promise<BrokerClient[]> {
    const [answer] = await admin.run([{ command: 'listClients', verbose: true }]);
    assertAnswered(answer ? [answer] : []);
    return (answer?.data as { clients?: BrokerClient[] } | undefined)?.clients ?? [];
  }

  async function deleteClients(usernames: string[]) {
    if (usernames.length === 0) return;
    const commands = usernames.map((username) => ({ command: 'deleteClient', username }));
    assertAnswered(await admin.run(commands), ['Client not found']);
  }

  /**
   * Whether the server's own client holds the ingest role. Adding a role it holds already is
   * an 'Internal error' in Mosquitto 2.0, hence the look first.
   */
  async function holdsIngestRole(): Promise<boolean> {
    const [answer] = await admin.run([{ command: 'getClient', username: ingestUsername }]);
    assertAnswered(answer ? [answer] : []);
    const client = (answer?.data as { client?: { roles?: { rolename: string }[] } } | undefined)
      ?.client;
    return client?.roles?.some((role) => role.rolename === INGEST_ROLE) ?? false;
  }

  return {
    async grant(token: TokenRef, secret: string): Promise<void> {
      const username = mqttUsernameOf(token);
      const rolename = bridgeRoleOf(token.bridgeId);
      assertAnswered(
        await admin.run(ensureRole(rolename, 'publishClientSend', bridgeTopic(token.bridgeId))),
        ALREADY_THERE,
      );
      // A client of this name left by an earlier database (ids start again) belongs to no one.
      assertAnswered(await admin.run([{ command: 'deleteClient', username }]), [
        'Client not found',
      ]);
      assertAnswered(
        await admin.run([
          {
            command: 'createClient',
            username,
            password: secret,
            textname: `SpanWatch ingest token ${token.id} of bridge ${token.bridgeId}`,
            clientid: username,
            roles: [{ rolename }],
          },
        ]),
      );
    },

    async withdraw(token: TokenRef): Promise<void> {
      await deleteClients([mqttUsernameOf(token)]);
    },

    async withdrawBridge(bridgeId: number): Promise<void> {
      const prefix = `bridge-${bridgeId}-token-`;
      const names = (await brokerClients()).map((client) => client.username);
      await deleteClients(names.filter((name) => name.startsWith(prefix)));
      const rolename = bridgeRoleOf(bridgeId);
      assertAnswered(await admin.run([{ command: 'deleteRole', rolename }]), ['Role not found']);
    },

    /**
     * Brings the broker in line with the live tokens: the secure defaults, the ingest role, the
     * live bridges' roles, no client for a revoked or deleted token, and every other client
     * pinned to its own client id (clientsToPin). The broker is listed before
     * the tokens are read, so a token created meanwhile (row first, client second) is never
     * taken for a stale client.
     */
    async reconcile(readLive: () => Promise<TokenRef[]>): Promise<ReconcileReport> {
      assertAnswered(
        await admin.run([
          {
            command: 'setDefaultACLAccess',
            acls: [
              { acltype: 'publishClientSend', allow: false },
              { acltype: 'subscribe', allow: false },
              { acltype: 'publishClientReceive', allow: false },
            ],
          },
          ...ensureRole(INGEST_ROLE, 'subscribePattern', '$share/+/spanwatch/+/+'),
          { ...RECEIVE_READINGS, command: 'addRoleACL', rolename: INGEST_ROLE },
        ]),
        ALREADY_THERE,
      );
      if (!(await holdsIngestRole())) {
        // Mosquitto 2.0 disconnects a client whose roles change, this connection too, before the
        // answer comes: the reconciliation then starts again on reconnection, role in place.
        const answered = await admin
          .run([{ command: 'addClientRole', username: ingestUsername, rolename: INGEST_ROLE }])
          .then(
            (answers) => (assertAnswered(answers), true),
            () => false,
          );
        if (!answered) return { removed: [], missing: [] };
      }
      const listed = await brokerClients();
      const clients = listed.map((client) => client.username);
      const live = await readLive();
      const liveNames = new Set(live.map(mqttUsernameOf));
      const removed = clients.filter((name) => TOKEN_USERNAME.test(name) && !liveNames.has(name));
      await deleteClients(removed);

      const liveBridges = new Set(live.map((token) => token.bridgeId));
      // Roles of bridges without tokens stay: a role without clients grants nothing, and
      // deleting one could race a token being created for that bridge.
      const commands = [...liveBridges].flatMap((bridgeId) =>
        ensureRole(bridgeRoleOf(bridgeId), 'publishClientSend', bridgeTopic(bridgeId)),
      );
      if (commands.length > 0) assertAnswered(await admin.run(commands), ALREADY_THERE);
      const present = new Set(clients);
      // Clients made before client ids were pinned, or by hand since, get theirs now.
      const removedNames = new Set(removed);
      const pins = clientsToPin(listed, ingestUsername)
        .filter((username) => !removedNames.has(username))
        .map((username) => ({ command: 'setClientId', username, clientid: username }));
      if (pins.length > 0) assertAnswered(await admin.run(pins), ['Client not found']);
      const missing = live.filter((token) => !present.has(mqttUsernameOf(token)));
      return { removed, missing };
    },
  };
}

export type DynsecCredentials = ReturnType<typeof dynsecCredentials>;
