import { useMemo } from 'react';
import type { IngestTokenCreated } from '../../api/queries/operations';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { CopyButton } from '../../ui/copy-button';
import { curlExample, mqttExample, type IngestEndpoint } from './ingest-examples';
import * as styles from './operations.css';

const endpointOfPage = (): IngestEndpoint => ({
  origin: window.location.origin,
  mqttHost: window.location.hostname,
});

/** The new token's secret, shown this once, with a copy button and commands that use it. */
export function TokenCreatedDialog({
  created,
  onClose,
}: {
  created: IngestTokenCreated;
  onClose: () => void;
}) {
  const examples = useMemo(() => {
    const input = {
      endpoint: endpointOfPage(),
      bridgeId: created.bridge,
      token: created.token,
      mqttUsername: created.mqtt_username,
      at: new Date(),
    };
    return { curl: curlExample(input), mqtt: mqttExample(input) };
  }, [created]);

  return (
    <Modal
      title="Ingest token created"
      onClose={onClose}
      wide
      actions={<Button onClick={onClose}>Done</Button>}
    >
      <p>
        Copy the token now: it is shown only once. Anyone holding it can send readings for this
        bridge until it is revoked.
      </p>
      <div className={styles.secretRow}>
        <code className={styles.code} aria-label="Token secret">
          {created.token}
        </code>
        <CopyButton text={created.token} label="Copy token" />
      </div>
      <h3>Send readings over HTTP</h3>
      <pre className={styles.code} aria-label="curl example">
        {examples.curl}
      </pre>
      <CopyButton text={examples.curl} label="Copy curl command" />
      <h3>Or publish over MQTT</h3>
      <p className={styles.muted}>
        MQTT username <code>{created.mqtt_username}</code>; the password is the token.
      </p>
      <pre className={styles.code} aria-label="MQTT example">
        {examples.mqtt}
      </pre>
      <CopyButton text={examples.mqtt} label="Copy MQTT command" />
      <p className={styles.muted}>
        Replace &lt;stream_id&gt; with one of the bridge&apos;s data streams (Bridge Management,
        Datastreams tab).
      </p>
    </Modal>
  );
}
