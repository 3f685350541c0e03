import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useApi } from '../../api/api-context';
import {
  type NotificationSettings,
  notificationSettingsQueryOptions,
  requestPhoneCodeMutationOptions,
  saveNotificationSettingsMutationOptions,
  verifyPhoneMutationOptions,
} from '../../api/queries/notification-settings';
import { Button } from '../../ui/button';
import { container } from '../../ui/layout.css';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useFailureNotice } from '../../ui/use-failure-notice';
import { browserTimeZone, timeZoneChoices, timeZoneOptions } from '../../ui/time-zones';
import {
  codeError,
  phoneError,
  type QuietField,
  quietFieldOf,
  quietHoursErrors,
  sentenceOf,
} from './notification-settings-form';
import * as styles from './notification-settings-page.css';

/**
 * Settings → Notifications (issue 32, decision 050): every signed-in user chooses their own
 * channels, proves a phone number with a texted code, and sets quiet hours during which email
 * and texts below Critical wait until morning.
 */
export function NotificationSettingsPage() {
  const api = useApi();
  const settings = useQuery(notificationSettingsQueryOptions(api));
  const failure = useFailureNotice(settings.isError ? settings.error.message : undefined, {
    as: 'banner',
  });
  return (
    <div className={container}>
      <div className={styles.page}>
        <h1 className={styles.title}>Notification settings</h1>
        <p className={styles.muted}>
          Choose how SpanWatch tells you about alerts on the bridges you look after.
        </p>
        {settings.isPending && <p className={styles.muted}>Loading your settings…</p>}
        {failure}
        {settings.data && (
          <>
            <ChoicesForm settings={settings.data} />
            <PhoneSection settings={settings.data} />
          </>
        )}
      </div>
    </div>
  );
}

function ChoicesForm({ settings }: { settings: NotificationSettings }) {
  const api = useApi();
  const save = useMutation(saveNotificationSettingsMutationOptions(api, useQueryClient()));
  const [channels, setChannels] = useState({
    email: settings.email,
    sms: settings.sms,
    in_app: settings.in_app,
  });
  const [quiet, setQuiet] = useState({
    quiet: settings.quiet_hours !== null,
    start: settings.quiet_hours?.start ?? '22:00',
    end: settings.quiet_hours?.end ?? '07:00',
    timeZone: settings.quiet_hours?.time_zone ?? browserTimeZone(),
  });
  const [errors, setErrors] = useState<Partial<Record<QuietField, string>>>({});
  const [saved, setSaved] = useState(false);
  const serverDetail = save.isError ? save.error.message : undefined;
  const serverField = serverDetail ? quietFieldOf(serverDetail) : undefined;
  const failure = useFailureNotice(serverDetail && !serverField ? serverDetail : undefined, {
    as: 'banner',
  });
  const errorOf = (field: QuietField) =>
    errors[field] ?? (serverField === field && serverDetail ? sentenceOf(serverDetail) : undefined);

  const setQuietField = (field: keyof typeof quiet, value: string | boolean) => {
    setQuiet((current) => ({ ...current, [field]: value }));
    setErrors({});
    setSaved(false);
    save.reset();
  };
  const setChannel = (field: keyof typeof channels, value: boolean) => {
    setChannels((current) => ({ ...current, [field]: value }));
    setSaved(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = quietHoursErrors(quiet);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      {
        ...channels,
        quiet_hours: quiet.quiet
          ? { start: quiet.start, end: quiet.end, time_zone: quiet.timeZone }
          : null,
      },
      { onSuccess: () => setSaved(true) },
    );
  };

  const zones = timeZoneChoices(quiet.timeZone, browserTimeZone());
  return (
    <form onSubmit={submit} noValidate className={styles.page} aria-label="Notification choices">
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Channels</legend>
        <Choice
          label="Email"
          hint="Every alert on your bridges, with a link to acknowledge it."
          checked={channels.email}
          onChange={(checked) => setChannel('email', checked)}
        />
        <Choice
          label="Text message (SMS)"
          hint={
            settings.phone_verified
              ? `Critical and High alerts, to ${settings.phone ?? ''}.`
              : 'Critical and High alerts, once your phone number below is verified.'
          }
          checked={channels.sms}
          onChange={(checked) => setChannel('sms', checked)}
        />
        <Choice
          label="In-app (the bell)"
          hint="Alerts in the bell at the top of every screen."
          checked={channels.in_app}
          onChange={(checked) => setChannel('in_app', checked)}
        />
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Quiet hours</legend>
        <Choice
          label="Hold email and texts during quiet hours"
          hint="Alerts below Critical wait and are sent when quiet hours end. Critical alerts always come at once."
          checked={quiet.quiet}
          onChange={(checked) => setQuietField('quiet', checked)}
        />
        {quiet.quiet && (
          <div className={styles.row}>
            <TextField
              label="From"
              type="time"
              value={quiet.start}
              error={errorOf('start')}
              onChange={(event) => setQuietField('start', event.target.value)}
            />
            <TextField
              label="Until"
              type="time"
              value={quiet.end}
              error={errorOf('end')}
              onChange={(event) => setQuietField('end', event.target.value)}
            />
            <SelectField
              label="Time zone"
              value={quiet.timeZone}
              error={errorOf('timeZone')}
              options={timeZoneOptions(zones)}
              onChange={(event) => setQuietField('timeZone', event.target.value)}
            />
          </div>
        )}
      </fieldset>
      {failure}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
      {saved && <p role="status">Notification settings saved.</p>}
    </form>
  );
}

function Choice(props: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className={styles.choice}>
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <span>
        {props.label}
        <br />
        <small className={styles.muted}>{props.hint}</small>
      </span>
    </label>
  );
}

function PhoneSection({ settings }: { settings: NotificationSettings }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const requestCode = useMutation(requestPhoneCodeMutationOptions(api, queryClient));
  const verify = useMutation(verifyPhoneMutationOptions(api, queryClient));
  const [phone, setPhone] = useState(settings.pending_phone?.phone ?? settings.phone ?? '');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; code?: string }>({});
  const pending = requestCode.data ?? settings.pending_phone;

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    const problem = phoneError(phone);
    setErrors({ phone: problem });
    if (!problem) requestCode.mutate(phone, { onSuccess: () => verify.reset() });
  };
  const checkCode = (event: FormEvent) => {
    event.preventDefault();
    const problem = codeError(code);
    setErrors({ code: problem });
    if (!problem) verify.mutate(code, { onSuccess: () => setCode('') });
  };

  const status = settings.phone_verified
    ? `Texts go to ${settings.phone ?? ''} (verified).`
    : settings.phone
      ? `${settings.phone} is not verified yet: no texts are sent to it.`
      : 'No phone number yet.';
  return (
    <section className={styles.group} aria-labelledby="phone-title">
      <h2 id="phone-title" className={styles.title}>
        Phone for text messages
      </h2>
      <p className={styles.muted}>{status}</p>
      {!settings.sms_available ? (
        <p className={styles.muted}>This server does not send text messages.</p>
      ) : (
        <>
          <form onSubmit={sendCode} noValidate className={styles.row} aria-label="Phone number">
            <TextField
              label="Mobile number"
              type="tel"
              autoComplete="tel"
              placeholder="+15195550123"
              value={phone}
              error={errors.phone ?? serverError(requestCode.error)}
              onChange={(event) => {
                setPhone(event.target.value);
                setErrors({});
                requestCode.reset();
              }}
            />
            <div className={styles.choice}>
              <Button type="submit" variant="secondary" disabled={requestCode.isPending}>
                {requestCode.isPending ? 'Sending...' : 'Text me a code'}
              </Button>
            </div>
          </form>
          {pending && !verify.isSuccess && (
            <form onSubmit={checkCode} noValidate className={styles.row} aria-label="Code">
              <TextField
                label={`Code texted to ${pending.phone}`}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={16}
                value={code}
                error={errors.code ?? serverError(verify.error)}
                onChange={(event) => {
                  setCode(event.target.value);
                  setErrors({});
                  verify.reset();
                }}
              />
              <div className={styles.choice}>
                <Button type="submit" disabled={verify.isPending}>
                  {verify.isPending ? 'Checking...' : 'Verify'}
                </Button>
              </div>
            </form>
          )}
          {verify.isSuccess && (
            <p role="status">{verify.data.phone} is verified: alerts will be texted to it.</p>
          )}
        </>
      )}
    </section>
  );
}

const serverError = (error: Error | null) => (error ? sentenceOf(error.message) : undefined);
