import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ALERT_TYPES, type AlertType, RULE_CHANNELS } from '../../../domain/notification-rules';
import type { Change } from '../../api/mutations/contact-groups';
import type { NotificationRule, NotificationRuleInput } from '../../api/queries/contact-groups';
import { SelectField } from '../select-field';
import { useFailureNotice } from '../use-failure-notice';
import { CheckboxGroup } from './checkbox-group';
import { type FieldRefusal, fieldRefusalOf } from './rota-form';
import { ROUTING_FIELD } from './routing-fields';
import * as styles from './rotas.css';
import * as form from './company-form.css';

type Channel = NotificationRuleInput['channels'][number];
type Severity = NotificationRuleInput['min_severity'];

const SEVERITIES: Severity[] = ['Low', 'Medium', 'High', 'Critical'];
const CHANNEL_LABELS: Record<Channel, string> = {
  email: 'Email',
  sms: 'SMS',
};
const TYPE_OPTIONS = ALERT_TYPES.map((type) => ({ value: type, label: type }));
const CHANNEL_OPTIONS = RULE_CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] }));
const option = (value: string | number, label: string) => ({ value: String(value), label });

/** One notification rule: which alerts (bridge, types, severity) go to which group, how, when. */
export function NotificationRuleEditor(props: {
  formId: string;
  rule: NotificationRule | undefined;
  groups: { id: number; name: string }[];
  bridges: { id: number; name: string }[];
  save: UseMutationResult<NotificationRule, Error, Change<NotificationRuleInput>>;
  onSaved: () => void;
}) {
  const { rule, save } = props;
  const [bridge, setBridge] = useState(rule?.bridge_id == null ? '' : String(rule.bridge_id));
  const [types, setTypes] = useState<AlertType[]>(rule?.alert_types ?? []);
  const [severity, setSeverity] = useState<Severity>(rule?.min_severity ?? 'Critical');
  const [group, setGroup] = useState(rule ? String(rule.group_id) : '');
  const [channels, setChannels] = useState<Channel[]>(rule?.channels ?? ['email']);
  const [tier, setTier] = useState(String(rule?.tier ?? 1));
  const [problem, setProblem] = useState<FieldRefusal>();
  const refused = problem ?? fieldRefusalOf(save.error, ROUTING_FIELD);
  const errorOf = (field: string) => (refused?.field === field ? refused.message : undefined);
  const failure = useFailureNotice(save.isError && !refused ? save.error.message : undefined, {
    as: 'banner',
  });
  const set =
    <T,>(setter: (value: T) => void) =>
    (value: T) => {
      setter(value);
      setProblem(undefined);
      save.reset();
    };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (group === '') return setProblem({ field: 'group_id', message: 'Choose a contact group' });
    if (channels.length === 0) {
      return setProblem({ field: 'channels', message: 'Choose at least one channel' });
    }
    const body: NotificationRuleInput = {
      bridge_id: bridge === '' ? null : Number(bridge),
      alert_types: types.length === 0 ? null : types,
      min_severity: severity,
      group_id: Number(group),
      channels,
      tier: Number(tier),
    };
    save.mutate(rule ? { kind: 'update', id: rule.id, body } : { kind: 'create', body }, {
      onSuccess: props.onSaved,
    });
  };
  const title = rule ? 'Edit rule' : 'New notification rule';
  return (
    <form id={props.formId} onSubmit={submit} noValidate className={form.form} aria-label={title}>
      <h3 className={styles.subheading}>{title}</h3>
      <div className={styles.pair}>
        <SelectField
          label="Bridge"
          value={bridge}
          options={[option('', 'Every bridge'), ...props.bridges.map((b) => option(b.id, b.name))]}
          error={errorOf('bridge_id')}
          onChange={(event) => set(setBridge)(event.target.value)}
        />
        <SelectField
          label="From severity"
          value={severity}
          options={SEVERITIES.map((s) => option(s, s))}
          error={errorOf('min_severity')}
          onChange={(event) => set(setSeverity)(event.target.value as Severity)}
        />
        <SelectField
          label="Contact group"
          value={group}
          placeholder="Choose a group"
          options={props.groups.map((g) => option(g.id, g.name))}
          error={errorOf('group_id')}
          onChange={(event) => set(setGroup)(event.target.value)}
        />
        <SelectField
          label="Tier"
          value={tier}
          options={[1, 2, 3].map((n) => option(n, `Tier ${String(n)}`))}
          error={errorOf('tier')}
          onChange={(event) => set(setTier)(event.target.value)}
        />
      </div>
      <CheckboxGroup
        legend="Alert types (none ticked: every type)"
        options={TYPE_OPTIONS}
        chosen={types}
        error={errorOf('alert_types')}
        onChange={set(setTypes)}
      />
      <CheckboxGroup
        legend="Channels"
        hint="Everyone who may see the bridge is told in the app, and the company's webhook receives every alert, whatever the rules."
        options={CHANNEL_OPTIONS}
        chosen={channels}
        error={errorOf('channels')}
        onChange={set(setChannels)}
      />
      {failure}
    </form>
  );
}
